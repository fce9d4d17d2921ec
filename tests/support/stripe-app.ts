import { startStripeDouble, stripeDoubleEnv } from "./stripe-double";
import { startTestApi, type TestClient, type TestContextOptions } from "./test-app";

/** The API on a fresh database, pointed at a Stripe double that delivers its events to the app's webhook. */
export async function startApiWithStripe(options: TestContextOptions = {}) {
  const stripe = await startStripeDouble();
  const api = await startTestApi({ ...options, env: { ...stripeDoubleEnv(stripe), ...options.env } });
  stripe.deliverTo(`${api.baseUrl}/api/payments/webhook`);
  return {
    stripe,
    api,
    admin: await api.admin(),
    close: async () => {
      await api.close();
      await stripe.close();
    },
  };
}

/** Settings → Payments through the owner's API: the policy and the deposit, the rest of the settings kept. */
export async function setPaymentPolicy(admin: TestClient, policy: "deposit" | "prepayment" | "none", deposit = 10) {
  const { payments: _payments, giftCards: _giftCards, ...settings } = (await admin.get("/api/settings")).body;
  const payments = { policy, deposit, noShowFee: 0, askFrom: "everyone", holdMinutes: 15 };
  const saved = await admin.put("/api/settings", { ...settings, payments });
  if (saved.status !== 200) throw new Error(`Payment settings refused: ${saved.text}`);
}
