import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignInLink } from "~/features/account/account.server";
import { loadSettings, saveSettings } from "~/features/settings/settings.server";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { TestClient, startTestApi, type TestApi } from "../../../tests/support/test-app";

/*
 * The private link's page and the customer's own page show one manage panel: the same facts, the same money
 * and, inside the cancellation notice, the same warning of what cancelling now costs, before the button.
 */

let api: TestApi;
let serviceId: number;
const html = { accept: "text/html" };

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  serviceId = await addService(api.db);
  // Tomorrow is always inside a 48-hour notice, whatever the hour the test runs at.
  await saveSettings(api.db, { ...(await loadSettings(api.db)), cancellationNoticeHours: 48 });
}, 120_000);
afterAll(async () => {
  await api.close();
});

async function bookingWithPayment(email: string, status: "paid" | "card_saved", startTime: string) {
  const endTime = startTime.replace(":00", ":30");
  const booking = await bookAppointment(api.db, {
    date: addDays(shopToday(), 1),
    startTime,
    endTime,
    email,
    serviceIds: [serviceId],
  });
  await api.db
    .insertInto("booking_payments")
    .values({
      booking_id: booking.id,
      kind: status === "paid" ? "deposit" : "card",
      amount_pence: status === "paid" ? 1000 : 1250,
      status,
      paid_pence: status === "paid" ? 1000 : 0,
      expires_at: new Date().toISOString(),
      manage_token_sealed: "",
      created_at: new Date().toISOString(),
    })
    .execute();
  return booking;
}

async function bothPages(booking: { reference: string; manageToken: string; customerEmail: string }) {
  const viaLink = await api.anonymous().request("GET", `/bookings/manage/${booking.manageToken}`, { headers: html });
  const customer = new TestClient(api.baseUrl);
  await customer.request("POST", `/account/sign-in/${await createSignInLink(api.db, booking.customerEmail)}`, {
    body: new URLSearchParams({}),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, ...html },
  });
  const own = await customer.request("GET", `/account/bookings/${booking.reference}`, { headers: html });
  expect([viaLink.status, own.status]).toEqual([200, 200]);
  // What is rendered, not the data the page hydrates from.
  const rendered = (text: string) => text.slice(0, text.indexOf("<script")).replaceAll("&#x27;", "'");
  return [rendered(viaLink.text), rendered(own.text)];
}

const warning = (text: string) =>
  /data-testid="late-cancellation-warning"[^>]*>(?:<svg.*?<\/svg>)?([^<]+)</.exec(text)?.[1];

describe("the manage panel on both pages", () => {
  it("warns inside the notice that cancelling keeps the deposit, on the link's page and the customer's page alike", async () => {
    const booking = await bookingWithPayment("deposit@example.com", "paid", "10:00");
    const pages = await bothPages(booking);
    for (const page of pages) {
      expect(warning(page)).toBe(
        "You are inside the 48-hour cancellation notice: if you cancel now, your £10.00 deposit is kept.",
      );
      expect(page).toContain(">Cancel booking<");
    }
  }, 120_000);

  it("warns that a fee may be charged to a saved card, on both pages", async () => {
    const booking = await bookingWithPayment("card@example.com", "card_saved", "11:00");
    for (const page of await bothPages(booking)) {
      expect(warning(page)).toMatch(/a fee of £12\.50 may be charged to your card\.$/);
    }
  });
});
