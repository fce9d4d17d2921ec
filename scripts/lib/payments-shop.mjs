// A shop that takes £10 deposits through a loopback Stripe double, for the crash and instance scripts.
import { expectStatus, openAllHours } from "./app-server.mjs";

/** The double of Stripe's API (tests/support/stripe-double.ts) and the environment that points a server at it. */
export async function startStripe() {
  const { startStripeDouble, stripeDoubleEnv } = await import("../../tests/support/stripe-double.ts");
  const stripe = await startStripeDouble();
  return { stripe, env: stripeDoubleEnv(stripe) };
}

/**
 * The shop open round the clock, one barber working every day 08:00–20:00, a 30-minute £20 service, and the
 * deposit policy (an hour's hold).
 */
export async function depositShop(admin, marker) {
  await openAllHours(admin);
  const service = expectStatus(
    await admin.post("/api/services", {
      title: `Deposit Cut ${marker}`,
      price: 20,
      description: "Paid ahead by a deposit.",
      category: "hair",
      icon: "Scissors",
      duration: 30,
      order: 0,
    }),
    201,
    "Creating the deposit service",
  );
  const weeklyHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "08:00", end: "20:00" }] }));
  const barber = expectStatus(
    await admin.post("/api/team", {
      name: `Deposit Barber ${marker}`,
      bio: "",
      image: null,
      serviceIds: [String(service.id)],
      weeklyHours,
      timeOff: [],
    }),
    201,
    "Creating the deposit barber",
  );
  const { payments: _none, ...settings } = expectStatus(await admin.get("/api/settings"), 200, "Reading the settings");
  const payments = { policy: "deposit", deposit: 10, noShowFee: 12, askFrom: "everyone", holdMinutes: 60 };
  expectStatus(await admin.put("/api/settings", { ...settings, payments }), 200, "Asking for deposits");
  return { serviceId: String(service.id), memberId: barber.id };
}

/** The bookings' payload for `count` customers at distinct half-hours from `fromDays` days ahead. */
export function depositBookings({ serviceId, memberId }, count, marker, fromDays = 10) {
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.now() + (fromDays + Math.floor(index / 20)) * 86_400_000).toISOString().slice(0, 10);
    const minutes = 8 * 60 + (index % 20) * 30;
    return {
      customerName: `Payer ${index + 1}`,
      customerEmail: `payer-${marker}-${index + 1}@example.com`,
      customerPhone: `07700${String(900000 + index).padStart(6, "0")}`,
      notes: "",
      services: [serviceId],
      memberId,
      date: day,
      startTime: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`,
    };
  });
}

/** Posts a signed event to the app's webhook as Stripe would: its status, or "no answer" when the server died. */
export async function postEvent(url, event) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.payload,
      signal: AbortSignal.timeout(30_000),
    });
    return response.status;
  } catch {
    return "no answer";
  }
}
