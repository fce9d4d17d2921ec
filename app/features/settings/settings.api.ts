import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { paymentSettingsSchema, paymentSettingsViewSchema, publicPaymentSettingsSchema } from "~/features/payments";
import { paymentSettingsView, publicPaymentSettings, savePaymentSettings } from "~/features/payments/index.server";
import { giftCardSettingsSchema } from "~/features/gift-cards";
import { loadGiftCardSettings, saveGiftCardSettings } from "~/features/gift-cards/index.server";
import { apiRouter, currentUser, parseInput, requireAdmin, requestOf } from "~/lib/api.server";
import { closureChoiceSchema, settingsFieldsSchema, settingsSchema, strandedBookingSchema } from "./settings.schema";
import { PRIVATE_SETTINGS, publicSettings } from "./shop-settings";
import { saveSettings } from "./settings.server";
import { settleScheduleChange } from "~/features/booking/index.server";
import { mailSettingsSchema, mailSettingsViewSchema } from "./mail-settings.schema";
import { getMailSettings, saveMailSettings, sendTestMail } from "./mail-settings.server";

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
          settingsFieldsSchema.extend({ payments: paymentSettingsViewSchema, giftCards: giftCardSettingsSchema }),
          publicSettingsSchema.extend({ payments: publicPaymentSettingsSchema, giftCards: giftCardSettingsSchema }),
        ]),
      ],
    },
  });
  router.get("/", read, async (_req, res) => {
    const [settings, giftCards] = await Promise.all([requestOf(res).settings(), loadGiftCardSettings(db)]);
    res.json(
      currentUser(res)?.isAdmin
        ? { ...settings, payments: await paymentSettingsView(ctx), giftCards }
        : { ...publicSettings(settings), payments: await publicPaymentSettings(ctx), giftCards },
    );
  });

  const saved = apiDoc({
    summary:
      "Replaces the settings with the whole object; answers what was saved. `payments` and `giftCards` may be left out to keep them as they are",
    description:
      'A new closure over confirmed bookings still to come is refused (409, with those bookings) unless the body also says what to do with them: `closureBookings: "keep"` leaves them, `"cancel"` cancels them as the shop does (each customer is mailed).',
    body: settingsSchema
      .extend({ payments: paymentSettingsSchema.optional(), giftCards: giftCardSettingsSchema.optional() })
      .and(closureChoiceSchema),
    responses: {
      200: [
        "The saved settings",
        settingsFieldsSchema.extend({ payments: paymentSettingsViewSchema, giftCards: giftCardSettingsSchema }),
      ],
      400: ["A field is wrong, or a payment policy without Stripe's keys; nothing changed", apiErrorSchema],
      409: [
        "A new closure covers confirmed bookings and `closureBookings` was not given",
        z.object({ message: z.string(), bookings: z.array(strandedBookingSchema) }),
      ],
    },
  });
  router.put("/", saved, requireAdmin, async (req, res) => {
    const settings = parseInput(settingsSchema, req.body);
    const { closureBookings } = parseInput(closureChoiceSchema, req.body);
    const payments = parseInput(paymentSettingsSchema.optional(), (req.body as { payments?: unknown })?.payments);
    const giftCards = parseInput(giftCardSettingsSchema.optional(), (req.body as { giftCards?: unknown })?.giftCards);
    // Payments first: a policy refused for want of keys leaves everything as it was.
    if (payments) await savePaymentSettings(ctx, db, payments);
    if (giftCards) await saveGiftCardSettings(db, giftCards, new Date());
    res.json({
      ...(await saveSettings(db, settings, { followUp: settleScheduleChange(closureBookings) })),
      payments: await paymentSettingsView(ctx),
      giftCards: await loadGiftCardSettings(db),
    });
  });

  const mailView = ["The mail server as stored (the password only as `passwordSet`)", mailSettingsViewSchema] as const;
  const readMail = apiDoc({
    summary: "The outgoing mail server set on the settings screen (never its password)",
    responses: { 200: mailView },
  });
  router.get("/mail", readMail, requireAdmin, async (_req, res) => {
    res.json(await getMailSettings(ctx));
  });

  const savedMail = apiDoc({
    summary: "Stores the outgoing mail server (SMTP_URL in the environment wins when set)",
    description:
      "An empty `host` removes the server. An empty `password` keeps the stored one; `clearPassword: true` removes it. The password is stored sealed with SECRET_KEY and never answered.",
    body: mailSettingsSchema,
    responses: { 200: mailView },
  });
  router.put("/mail", savedMail, requireAdmin, async (req, res) => {
    res.json(await saveMailSettings(requestOf(res), parseInput(mailSettingsSchema, req.body)));
  });

  const testMail = apiDoc({
    summary: "Sends a test mail to the shop's address through the current mail server, now",
    responses: {
      200: ["The mail server took the mail", z.object({ message: z.string() })],
      400: ["No mail server, or no shop address to send to"],
      502: ["The mail server refused or could not be reached; the message carries its error"],
    },
  });
  router.post("/mail/test", testMail, requireAdmin, async (_req, res) => {
    res.json(await sendTestMail(requestOf(res)));
  });
  return router;
}
