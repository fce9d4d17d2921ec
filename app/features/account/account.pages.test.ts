import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { TestClient, startTestApi, type TestApi } from "../../../tests/support/test-app";
import { SIGN_IN_LINK_GONE_MESSAGE } from "./account.schema";
import { createSignInLink } from "./account.server";

/*
 * The customer's page without JavaScript: a GET of the mailed link signs nobody in, its Continue form
 * does, and the page's own forms (sign in, sign out, erase) post to its action and redirect.
 */

const today = shopToday();
let api: TestApi;
let serviceId: number;

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  serviceId = await addService(api.db);
  await bookAppointment(api.db, {
    date: addDays(today, -14),
    email: "page@example.com",
    name: "Page Reader",
    serviceIds: [serviceId],
  });
});
afterAll(async () => {
  await api.close();
});

const html = { accept: "text/html" };

function postForm(client: TestClient, url: string, fields: Record<string, string>) {
  return client.request("POST", url, {
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, ...html },
  });
}

describe("/account/sign-in/{token} without JavaScript", () => {
  it("shows a Continue form on GET and signs in only when it is posted, once", async () => {
    const token = await createSignInLink(api.db, "page@example.com");
    const client = new TestClient(api.baseUrl);
    // A mail scanner or a link preview opens the link first.
    for (let i = 0; i < 2; i++) {
      const opened = await client.request("GET", `/account/sign-in/${token}`, { headers: html });
      expect(opened.status).toBe(200);
      expect(opened.headers.get("set-cookie")).toBeNull();
      expect(opened.text).toMatch(new RegExp(`<form[^>]*action="/account/sign-in/${token}" method="post"`));
      expect(opened.text).toContain(">Continue<");
      expect(opened.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(await api.db.selectFrom("customer_sessions").selectAll().execute()).toEqual([]);

    const posted = await postForm(client, `/account/sign-in/${token}`, {});
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/account");
    expect(posted.headers.get("set-cookie")).toMatch(/^customer_session=/);

    const page = await client.request("GET", "/account", { headers: html });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Hello Page Reader");
    expect(page.text).toContain("Past visits");
    expect(page.text).toContain(`href="/bookings?service=${serviceId}#choose-date"`);
    expect(page.headers.get("cache-control")).toBe("private, no-store");

    const again = await postForm(new TestClient(api.baseUrl), `/account/sign-in/${token}`, {});
    expect(again.status).toBe(410);
    expect(again.text).toContain(SIGN_IN_LINK_GONE_MESSAGE.replace("'", "&#x27;"));
    expect(again.text).toContain('href="/account"');
  });

  it("fills the booking form with the signed-in customer's details, and caches nothing of them", async () => {
    const token = await createSignInLink(api.db, "page@example.com");
    const client = new TestClient(api.baseUrl);
    await postForm(client, `/account/sign-in/${token}`, {});
    const page = await client.request("GET", `/bookings?service=${serviceId}`, { headers: html });
    expect(page.text).toContain("page@example.com");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const anonymous = await api.anonymous().request("GET", `/bookings?service=${serviceId}`, { headers: html });
    expect(anonymous.text).not.toContain("page@example.com");
  });
});

describe("/account's forms without JavaScript", () => {
  it("asks for a link, then signs out and erases with a confirmation step", async () => {
    const asked = await postForm(api.anonymous(), "/account", { intent: "sign-in", email: "page@example.com" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/account?sent");
    const malformed = await postForm(api.anonymous(), "/account", { intent: "sign-in", email: "nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain("Please enter a valid email address");

    const client = new TestClient(api.baseUrl);
    await postForm(client, `/account/sign-in/${await createSignInLink(api.db, "page@example.com")}`, {});
    const out = await postForm(client, "/account", { intent: "sign-out" });
    expect(out.status).toBe(302);
    expect(out.headers.get("set-cookie")).toMatch(/^customer_session=;/);

    await postForm(client, `/account/sign-in/${await createSignInLink(api.db, "page@example.com")}`, {});
    const asksFirst = await postForm(client, "/account", { intent: "erase" });
    expect(asksFirst.status).toBe(200);
    expect(asksFirst.text).toContain("Erase everything we hold about you?");
    expect(await api.db.selectFrom("bookings").select("customer_email").execute()).toEqual([
      { customer_email: "page@example.com" },
    ]);
    const erased = await postForm(client, "/account", { intent: "erase", confirmed: "yes" });
    expect(erased.status).toBe(302);
    expect(erased.headers.get("location")).toBe("/account?erased");
    expect(await api.db.selectFrom("bookings").select("customer_email").execute()).toEqual([{ customer_email: "" }]);
  });
});

describe("/account/bookings/{reference} without JavaScript", () => {
  it("cancels the customer's own booking after asking once more, and shows nobody else's", async () => {
    const mine = await bookAppointment(api.db, {
      date: addDays(today, 20),
      email: "changer@example.com",
      serviceIds: [serviceId],
    });
    const theirs = await bookAppointment(api.db, {
      date: addDays(today, 21),
      email: "other@example.com",
      serviceIds: [serviceId],
    });
    const client = new TestClient(api.baseUrl);
    await postForm(client, `/account/sign-in/${await createSignInLink(api.db, "changer@example.com")}`, {});

    const page = await client.request("GET", `/account/bookings/${mine.reference}`, { headers: html });
    expect(page.status).toBe(200);
    expect(page.text).toContain(mine.reference);
    expect(page.text).toContain(">Cancel booking<");
    expect((await client.request("GET", `/account/bookings/${theirs.reference}`, { headers: html })).status).toBe(404);
    const anonymous = await api.anonymous().request("GET", `/account/bookings/${mine.reference}`, { headers: html });
    expect(anonymous.status).toBe(302);

    const asks = await postForm(client, `/account/bookings/${mine.reference}`, { intent: "cancel" });
    expect(asks.text).toContain("Are you sure you want to cancel this booking?");
    const cancelled = await postForm(client, `/account/bookings/${mine.reference}`, {
      intent: "cancel",
      confirmed: "yes",
    });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe("/account");
    const { status } = await api.db
      .selectFrom("bookings")
      .select("status")
      .where("reference", "=", mine.reference)
      .executeTakeFirstOrThrow();
    expect(status).toBe("cancelled");

    // Cancelled, it is no longer "Upcoming": it is listed apart, under "Cancelled".
    const list = (await client.request("GET", "/account", { headers: html })).text;
    const rendered = list.slice(0, list.indexOf("<script"));
    const upcoming = rendered.slice(
      rendered.indexOf('id="upcoming-heading"'),
      rendered.indexOf('id="cancelled-heading"'),
    );
    expect(upcoming).not.toContain(mine.reference);
    expect(rendered.indexOf('id="cancelled-heading"')).toBeGreaterThan(0);
    expect(rendered.slice(rendered.indexOf('id="cancelled-heading"'))).toContain(mine.reference);
  });
});

describe("/reviews/unsubscribe/{token} without JavaScript", () => {
  it("unsubscribes only when its button is posted", async () => {
    const token = "a".repeat(64);
    await api.db
      .insertInto("review_requests")
      .values({
        email: "reviewer@example.com",
        booking_id: 1,
        job_id: 1,
        sent_at: new Date().toISOString(),
        unsubscribe_hash: createHash("sha256").update(token).digest("hex"),
        unsubscribed_at: null,
      })
      .execute();
    const unsubscribedAt = async () =>
      (
        await api.db
          .selectFrom("review_requests")
          .select("unsubscribed_at")
          .where("email", "=", "reviewer@example.com")
          .executeTakeFirstOrThrow()
      ).unsubscribed_at;
    const opened = await api.anonymous().request("GET", `/reviews/unsubscribe/${token}`, { headers: html });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain(">Unsubscribe<");
    expect(await unsubscribedAt()).toBeNull();
    const posted = await postForm(api.anonymous(), `/reviews/unsubscribe/${token}`, {});
    expect(posted.status).toBe(200);
    expect(posted.text).toContain("we will not ask you for a review again");
    expect(await unsubscribedAt()).not.toBeNull();
  });
});
