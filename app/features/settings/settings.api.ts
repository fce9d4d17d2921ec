import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import {
  paymentSettingsSchema,
  paymentSettingsViewSchema,
  publicPaymentSettingsSchema,
} from "~/features/payments/payments.schema";
import {
  paymentSettingsView,
  publicPaymentSettings,
  savePaymentSettings,
} from "~/features/payments/payment-settings.server";
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

export function settingsApi(ctx: AppContext) {
  const { db } = ctx;
  const router = apiRouter();

  const read = apiDoc({
    summary: "The shop's facts and booking rules (the booking rules' private fields for admins only)",
    adminWhen: "for the private fields (reminder lead time, slot grid, buffer, retention periods)",
    responses: {
      200: [
        "Every field for an admin, so that it can be edited and PUT back whole; the public fields for everyone else",
        z.union([
          settingsFieldsSchema.extend({ payments: paymentSettingsViewSchema }),
          publicSettingsSchema.extend({ payments: publicPaymentSettingsSchema }),
        ]),
      ],
    },
  });
  router.get("/", read, async (_req, res) => {
    const settings = await loadSettings(db);
    res.json(
      currentUser(res)?.isAdmin
        ? { ...settings, payments: await paymentSettingsView(ctx) }
        : { ...publicSettings(settings), payments: await publicPaymentSettings(ctx) },
    );
  });

  const saved = apiDoc({
    summary:
      "Replaces the settings with the whole object; answers what was saved. `payments` may be left out to keep it as it is",
    body: settingsSchema.extend({ payments: paymentSettingsSchema.optional() }),
    responses: {
      200: ["The saved settings", settingsFieldsSchema.extend({ payments: paymentSettingsViewSchema })],
      400: ["A field is wrong, or a payment policy without Stripe's keys; nothing changed", apiErrorSchema],
    },
  });
  router.put("/", saved, requireAdmin, async (req, res) => {
    const settings = parseInput(settingsSchema, req.body);
    const payments = parseInput(paymentSettingsSchema.optional(), (req.body as { payments?: unknown })?.payments);
    // Payments first: a policy refused for want of keys leaves everything as it was.
    if (payments) await savePaymentSettings(ctx, db, payments);
    res.json({ ...(await saveSettings(db, settings)), payments: await paymentSettingsView(ctx) });
  });
  return router;
}
