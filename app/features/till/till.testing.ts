import { randomUUID } from "node:crypto";
import { addDays, shopToday } from "~/lib/shop-time";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { startStripeDouble, stripeDoubleEnv } from "../../../tests/support/stripe-double";
import {
  ALL_DAY_OPENING_HOURS,
  openAllHours,
  startTestApi,
  type TestClient,
  type TestContextOptions,
} from "../../../tests/support/test-app";

/*
 * The till's test shop: the real app against the Stripe double and an SMTP sink, with a £20 "Scissor Cut",
 * Bea who does it every day, and two products (Pomade £12, 5 in stock; Comb £3, not counted).
 */

export async function startTillShop(options: TestContextOptions = {}) {
  const stripe = await startStripeDouble();
  const sink = await startSmtpSink();
  const api = await startTestApi({
    ...options,
    env: {
      ...stripeDoubleEnv(stripe),
      SMTP_URL: sink.url,
      BOOKING_MAX_PER_HOUR: "1000",
      BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000",
      ...options.env,
    },
  });
  stripe.deliverTo(`${api.baseUrl}/api/payments/webhook`);
  const admin = await api.admin();
  await openAllHours(api.db);
  const service = { description: "Done properly.", icon: "Scissors", category: "hair", duration: 30 };
  const serviceId = (await admin.post("/api/services", { ...service, title: "Scissor Cut", price: 20 })).body
    .id as number;
  const member = await admin.post("/api/team", {
    name: "Bea",
    bio: "",
    image: null,
    serviceIds: [String(serviceId)],
    weeklyHours: ALL_DAY_OPENING_HOURS,
    timeOff: [],
  });
  const memberId = member.body.id as number;
  if (member.status !== 201) throw new Error(`team: ${member.status} ${member.text}`);
  const product = { description: "Holds all day.", image: "/uploads/pomade.jpg" };
  const pomadeId = (await admin.post("/api/products", { ...product, name: "Pomade", price: 12 })).body.id as number;
  const combId = (await admin.post("/api/products", { ...product, name: "Comb", price: 3 })).body.id as number;
  await api.db.updateTable("products").set({ stock: 5 }).where("id", "=", pomadeId).execute();

  let nextDay = 2;
  const shop = {
    api,
    stripe,
    sink,
    admin,
    serviceId,
    memberId,
    pomadeId,
    combId,
    /** POST /api/sales/{id}/payments with a fresh (or the given) Idempotency-Key. */
    pay: (saleId: number, body: object, key: string | null = randomUUID(), client: TestClient = admin) =>
      client.request("POST", `/api/sales/${saleId}/payments`, {
        json: body,
        headers: key === null ? {} : { "idempotency-key": key },
      }),
    refund: (saleId: number, body: object, key: string | null = randomUUID()) =>
      admin.request("POST", `/api/sales/${saleId}/refund`, {
        json: body,
        headers: key === null ? {} : { "idempotency-key": key },
      }),
    /** A sale of one Scissor Cut by Bea for a walk-in customer (£20), plus any other lines. */
    sale: async (extra: object = {}, lines: object[] = []) => {
      const response = await admin.post("/api/sales", {
        customer: { name: "Sam Taylor", email: "sam@example.com" },
        lines: [{ kind: "service", serviceId, memberId }, ...lines],
        ...extra,
      });
      if (response.status !== 201) throw new Error(`sale: ${response.status} ${response.text}`);
      return response.body as { id: number; number: string; total: number; lines: { id: number }[] };
    },
    /** A confirmed booking with Bea a few days ahead; with `deposit`, its £10 deposit paid through Checkout. */
    booking: async ({ deposit = false, email = "sam@example.com" } = {}) => {
      const date = addDays(shopToday(), nextDay++);
      const body = { customerName: "Sam Taylor", customerEmail: email, customerPhone: "07911 123456", notes: "" };
      const booked = await api.anonymous().post("/api/bookings", {
        ...body,
        services: [String(serviceId)],
        date,
        startTime: "10:00",
        memberId,
      });
      if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${booked.text}`);
      if (deposit) {
        await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
        await api.runJobs();
      }
      const row = await api.db
        .selectFrom("bookings")
        .select("id")
        .where("reference", "=", booked.body.reference)
        .executeTakeFirstOrThrow();
      return { id: row.id, reference: booked.body.reference as string };
    },
    setPayments: async (payments: object) => {
      const { payments: _current, ...current } = (await admin.get("/api/settings")).body;
      const response = await admin.put("/api/settings", {
        ...current,
        payments: { policy: "none", deposit: 10, noShowFee: 12, askFrom: "everyone", holdMinutes: 15, ...payments },
      });
      if (response.status !== 200) throw new Error(`settings: ${response.status} ${response.text}`);
    },
    /** How many Pomades are on the shelf. */
    pomadeStock: async () =>
      (await api.db.selectFrom("products").select("stock").where("id", "=", pomadeId).executeTakeFirstOrThrow()).stock,
    /** A simulated reader registered through the API. */
    reader: async (label = "Front desk") => {
      const response = await admin.post("/api/terminal/readers", { registrationCode: "simulated-wpe", label });
      if (response.status !== 201) throw new Error(`reader: ${response.status} ${response.text}`);
      return response.body.id as string;
    },
    close: async () => {
      await api.close();
      await stripe.close();
      await sink.close();
    },
  };
  return shop;
}

export type TillShop = Awaited<ReturnType<typeof startTillShop>>;
