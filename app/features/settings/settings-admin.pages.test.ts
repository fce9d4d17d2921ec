import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { formFields, formHtml } from "../../../tests/support/html-form";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { ShopSettings } from "./settings.schema";

/* /admin/settings before and without JavaScript: the server's HTML carries the values, and the form posts to the page. */

let api: TestApi;
let admin: TestClient;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({ pages: true });
  admin = await api.admin();
}, 120_000);
afterAll(async () => {
  await api.close();
  await sink.close();
});

const page = () => admin.request("GET", "/admin/settings", { headers: { accept: "text/html" } });
const post = (fields: URLSearchParams) =>
  admin.request("POST", "/admin/settings", {
    body: fields,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
const settings = async () => (await admin.get("/api/settings")).body as ShopSettings;
const formOf = (html: string) => formHtml(html, 'aria-label="Shop settings"');

describe("/admin/settings without JavaScript", () => {
  it("renders the current values into a form that posts, and saves what it posts (303 back, saying so)", async () => {
    const before = await settings();
    const shown = await page();
    expect(shown.status).toBe(200);
    const form = formOf(shown.text);
    expect(form).toMatch(/^<form [^>]*method="post"/);
    const fields = formFields(form);
    expect(fields.get("shopName")).toBe(before.shopName);
    expect(fields.get("address.postcode")).toBe(before.address.postcode);
    expect(fields.get("openingHours.1.ranges.0.start")).toBe(
      before.openingHours.find((day) => day.day === 1)!.ranges[0]!.start,
    );

    fields.set("phone", "0161 000 7777");
    fields.set("slotIntervalMinutes", "20");
    const saved = await post(fields);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/settings?saved");
    expect(await settings()).toEqual({ ...before, phone: "0161 000 7777", slotIntervalMinutes: 20 });
    const after = await admin.request("GET", "/admin/settings?saved", { headers: { accept: "text/html" } });
    expect(after.text).toContain("Settings saved");
    // Posting the page as rendered saves nothing new: every value round-trips through the HTML.
    expect((await post(formFields(formOf(after.text)))).status).toBe(303);
    expect(await settings()).toEqual({ ...before, phone: "0161 000 7777", slotIntervalMinutes: 20 });
  });

  it("answers a refusal with the typed values and the field's message, saving nothing", async () => {
    const before = await settings();
    const fields = formFields(formOf((await page()).text));
    fields.set("shopName", " ");
    fields.set("tagline", "Typed, not lost");
    const refused = await post(fields);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Shop name is required");
    expect(formFields(formOf(refused.text)).get("tagline")).toBe("Typed, not lost");
    expect(await settings()).toEqual(before);
  });

  it("adds a closure in the spare row, lists the bookings it covers, and cancels them when chosen", async () => {
    let day = addDays(shopToday(), 14);
    while (dayOfWeek(day) !== 3) day = addDays(day, 1);
    const booked = await bookAppointment(api.db, {
      date: day,
      email: "closure@example.com",
      serviceIds: [await addService(api.db)],
    });
    const fields = formFields(formOf((await page()).text));
    const spare = (await settings()).closures.length;
    fields.set(`closures.${spare}.from`, day);
    fields.set(`closures.${spare}.to`, day);
    fields.set(`closures.${spare}.note`, "Staff training");
    const asked = await post(fields);
    expect(asked.status).toBe(409);
    expect(asked.text).toContain(booked.reference);
    expect(asked.text).toContain('name="closureBookings" value="cancel"');
    expect((await settings()).closures).toEqual([]);

    const again = formFields(formOf(asked.text));
    again.set("closureBookings", "cancel");
    expect((await post(again)).status).toBe(303);
    expect((await settings()).closures).toEqual([{ from: day, to: day, note: "Staff training" }]);
    const { status } = await api.db
      .selectFrom("bookings")
      .select("status")
      .where("reference", "=", booked.reference)
      .executeTakeFirstOrThrow();
    expect(status).toBe("cancelled");

    // Ticking "Remove" on the row takes the closure away again.
    const removal = formFields(formOf((await page()).text));
    removal.set("closures.0.remove", "on");
    expect((await post(removal)).status).toBe(303);
    expect((await settings()).closures).toEqual([]);
  });

  it("sets the mail server and sends a test mail from the page, never showing the password", async () => {
    await admin.put("/api/settings", { ...(await settings()), email: "shop@oldham-barbers.test" });
    const mailForm = formFields(formHtml((await page()).text, 'aria-label="Mail server"'));
    expect(mailForm.get("intent")).toBe("mail-settings");
    mailForm.set("host", "127.0.0.1");
    mailForm.set("port", new URL(sink.url).port);
    mailForm.set("password", "never-shown-again");
    mailForm.set("from", "Oldham Barbers <bookings@oldham-barbers.test>");
    const saved = await post(mailForm);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/settings?mail-saved#mail");
    const after = await admin.request("GET", "/admin/settings?mail-saved", { headers: { accept: "text/html" } });
    expect(after.text).toContain("Mail settings saved.");
    expect(after.text).toContain("A password is stored. Leave empty to keep it.");
    expect(after.text).not.toContain("never-shown-again");
    expect(formFields(formHtml(after.text, 'aria-label="Mail server"')).get("host")).toBe("127.0.0.1");

    const tested = await post(new URLSearchParams({ intent: "test-mail" }));
    expect(tested.status).toBe(200);
    expect(tested.text).toContain("Test mail sent to shop@oldham-barbers.test.");
    expect(sink.to("shop@oldham-barbers.test")).toHaveLength(1);

    const refused = await post(new URLSearchParams({ intent: "mail-settings", host: "127.0.0.1", port: "0" }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Port must be between 1 and 65535");
  });
});
