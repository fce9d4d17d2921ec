import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, currentUser, parseInput, requireAdmin } from "~/lib/api.server";
import { settingsFieldsSchema, settingsSchema } from "./settings.schema";
import { PRIVATE_SETTINGS, publicSettings } from "./shop-settings";
import { loadSettings, saveSettings } from "./settings.server";

const publicSettingsSchema = settingsFieldsSchema.omit(
  Object.fromEntries(PRIVATE_SETTINGS.map((key) => [key, true] as const)) as Record<
    (typeof PRIVATE_SETTINGS)[number],
    true
  >,
);

export function settingsApi({ db }: AppContext) {
  const router = apiRouter();

  const read = apiDoc({
    summary: "The shop's facts and booking rules (the booking rules' private fields for admins only)",
    adminWhen: "for the private fields (reminder lead time, slot grid, buffer, retention periods)",
    responses: {
      200: [
        "Every field for an admin, so that it can be edited and PUT back whole; the public fields for everyone else",
        z.union([settingsFieldsSchema, publicSettingsSchema]),
      ],
    },
  });
  router.get("/", read, async (_req, res) => {
    const settings = await loadSettings(db);
    res.json(currentUser(res)?.isAdmin ? settings : publicSettings(settings));
  });

  const saved = apiDoc({
    summary: "Replaces the settings with the whole object; answers what was saved",
    body: settingsSchema,
    responses: { 200: ["The saved settings", settingsFieldsSchema] },
  });
  router.put("/", saved, requireAdmin, async (req, res) => {
    res.json(await saveSettings(db, parseInput(settingsSchema, req.body)));
  });
  return router;
}
