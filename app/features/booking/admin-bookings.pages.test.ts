import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { formFields, formHtml } from "../../../tests/support/html-form";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/* "Cancel booking" on /admin/bookings without JavaScript: a form per booking posting to the page's action. */

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
}, 120_000);
afterAll(() => api.close());

const html = async (url: string) => (await admin.request("GET", url, { headers: { accept: "text/html" } })).text;
const post = (fields: URLSearchParams) =>
  admin.request("POST", "/admin/bookings", {
    body: fields,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });

describe("/admin/bookings", () => {
  it("keeps the spec's slot calendars and points to the calendar, the one day view, for the desk's actions", async () => {
    const page = await html("/admin/bookings");
    for (const text of ["Manage Booking Slots", "Booked Slots", "Available Slots", "Add Slots"]) {
      expect(page).toContain(text);
    }
    expect(page).toContain(`href="/admin/calendar?date=${shopToday()}"`);
    expect(page).not.toContain("Day view of");
    expect(page).not.toContain("Book for a caller");
  });
});

describe("/admin/bookings without JavaScript", () => {
  it("cancels a booking from the day's list and says so on that day (303)", async () => {
    const day = addDays(shopToday(), 10);
    const booked = await bookAppointment(api.db, {
      date: day,
      email: "cancel-me@example.com",
      serviceIds: [await addService(api.db)],
    });
    const fields = formFields(formHtml(await html(`/admin/bookings?date=${day}`), 'method="post"'));
    expect(fields.get("intent")).toBe("cancel-booking");
    const cancelled = await post(fields);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`/admin/bookings?date=${day}&cancelled=${booked.reference}`);
    const { status } = await api.db
      .selectFrom("bookings")
      .select("status")
      .where("reference", "=", booked.reference)
      .executeTakeFirstOrThrow();
    expect(status).toBe("cancelled");
    expect(await html(cancelled.headers.get("location")!)).toContain(`Booking cancelled: ${booked.reference}`);

    const again = await post(fields);
    expect(again.status).toBe(409);
    expect(again.text).toContain("This slot has no booking to cancel.");
  });
});
