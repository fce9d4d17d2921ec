import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addService } from "../../../tests/support/bookings";
import { startApiWithStripe } from "../../../tests/support/stripe-app";
import type { StripeDouble } from "../../../tests/support/stripe-double";
import { nonAdminCallers, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/* The owner's /admin/memberships without JavaScript: the plan forms call what the plans API calls; the members. */

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

let stripe: StripeDouble;
let api: TestApi;
let admin: TestClient;
let close: () => Promise<void>;
let cutId = 0;
let beardId = 0;

const post = (client: TestClient, fields: [string, string][], base = api.baseUrl) =>
  client.request("POST", "/admin/memberships", {
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, accept: "text/html" },
  });

const screen = async (client: TestClient, query = "") =>
  textOf((await client.request("GET", `/admin/memberships${query}`, { headers: { accept: "text/html" } })).text);

const planRow = (name: string) =>
  api.db.selectFrom("membership_plans").selectAll().where("name", "=", name).executeTakeFirst();

beforeAll(async () => {
  ({ stripe, api, admin, close } = await startApiWithStripe({ pages: true }));
  cutId = await addService(api.db, "Scissor Cut", 20);
  beardId = await addService(api.db, "Beard Trim", 10);
});
afterAll(() => close());

describe("the owner's memberships screen, without JavaScript", () => {
  it("adds a plan at Stripe through the form, and lists it", { timeout: 120_000 }, async () => {
    const added = await post(admin, [
      ["name", "Two cuts a month"],
      ["monthlyPrice", "40"],
      ["visitsPerMonth", "2"],
      ["serviceIds", String(cutId)],
      ["serviceIds", String(beardId)],
      ["description", "Any two cuts."],
    ]);
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/admin/memberships?saved=created");
    const row = await planRow("Two cuts a month");
    expect(row).toMatchObject({ monthly_price_pence: 4000, visits_per_month: 2, active: 1 });
    expect(stripe.billing.prices.get(row!.stripe_price_id)?.unit_amount).toBe(4000);
    const page = await screen(admin, "?saved=created");
    expect(page).toContain("Plan added");
    expect(page).toContain("£40.00 a month");
    expect(page).toContain("2 visits a month for Scissor Cut, Beard Trim");
    expect((await api.anonymous().get("/api/membership-plans")).body).toMatchObject([{ name: "Two cuts a month" }]);
  });

  it("refuses a bad plan with the schema's messages and what was typed, and saves nothing", async () => {
    const refused = await post(admin, [
      ["name", "Too many"],
      ["monthlyPrice", "30"],
      ["visitsPerMonth", "40"],
    ]);
    expect(refused.status).toBe(400);
    const page = textOf(refused.text);
    expect(page).toContain("Visits per month must be at most 31");
    expect(page).toContain("Choose at least one service the plan covers");
    expect(page).toContain('value="Too many"');
    expect(await planRow("Too many")).toBeUndefined();
  });

  it("edits a plan: a new price is a new Stripe Price for new members, said beside the field", async () => {
    const before = (await planRow("Two cuts a month"))!;
    const form = await screen(admin, `?edit=${before.id}`);
    expect(form).toContain("Edit Two cuts a month");
    expect(form).toContain("A new price applies to members who join from now on");
    expect(form).toContain('value="40"');
    const saved = await post(admin, [
      ["id", String(before.id)],
      ["name", "Two cuts a month"],
      ["monthlyPrice", "45"],
      ["visitsPerMonth", "2"],
      ["serviceIds", String(cutId)],
      ["description", ""],
    ]);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/memberships?saved=updated");
    const after = (await planRow("Two cuts a month"))!;
    expect(after.monthly_price_pence).toBe(4500);
    expect(after.stripe_price_id).not.toBe(before.stripe_price_id);
    expect(stripe.billing.prices.get(after.stripe_price_id)?.unit_amount).toBe(4500);
    expect(await screen(admin)).toContain("2 visits a month for Scissor Cut");
  });

  it("says Stripe's answer when it is down, and saves nothing", async () => {
    stripe.state.down = true;
    try {
      const refused = await post(admin, [
        ["name", "Outage plan"],
        ["monthlyPrice", "20"],
        ["visitsPerMonth", "1"],
        ["serviceIds", String(cutId)],
      ]);
      expect(refused.status).toBe(503);
      expect(textOf(refused.text)).toMatch(/role="alert"[^>]*>[^<]*(payment|Stripe)/i);
      expect(textOf(refused.text)).toContain('value="Outage plan"');
    } finally {
      stripe.state.down = false;
    }
    expect(await planRow("Outage plan")).toBeUndefined();
  });

  it("lists the members newest first, linked to their records, and the look is audited", async () => {
    const planId = (await planRow("Two cuts a month"))!.id;
    for (const [name, email] of [
      ["Ann First", "ann@example.com"],
      ["Bob Second", "bob@example.com"],
    ]) {
      const started = await api.anonymous().post("/api/memberships", { planId, name, email });
      expect(started.status).toBe(201);
      expect((await stripe.pay(String(started.body.checkoutUrl).split("/pay/")[1]!)).status).toBe(200);
      await api.runJobs();
    }
    const page = await screen(admin);
    expect(page.indexOf("Bob Second")).toBeGreaterThan(0);
    expect(page.indexOf("Bob Second")).toBeLessThan(page.indexOf("Ann First"));
    const bob = await api.db
      .selectFrom("customers")
      .select("id")
      .where("email", "=", "bob@example.com")
      .executeTakeFirstOrThrow();
    expect(page).toContain(`href="/admin/customers/${bob.id}"`);
    expect(page).toContain("0 of 2");
    expect(page).toContain("Active");
    const audited = await api.db
      .selectFrom("audit_log")
      .select("action")
      .where("kind", "=", "memberships")
      .where("action", "=", "view memberships")
      .execute();
    expect(audited.length).toBeGreaterThan(0);
  });

  it("retires a plan: nobody new joins, its members go on", async () => {
    const plan = (await planRow("Two cuts a month"))!;
    const retired = await post(admin, [
      ["intent", "retire"],
      ["id", String(plan.id)],
    ]);
    expect(retired.status).toBe(303);
    expect(retired.headers.get("location")).toBe("/admin/memberships?saved=retired");
    expect((await planRow("Two cuts a month"))!.active).toBe(0);
    expect((await api.anonymous().get("/api/membership-plans")).body).toEqual([]);
    const page = await screen(admin, "?saved=retired");
    expect(page).toContain("Plan retired");
    expect(page).toContain("Retired");
    expect(
      (await admin.get("/api/memberships")).body.filter((row: { status: string }) => row.status === "active"),
    ).toHaveLength(2);
    expect(
      (
        await post(admin, [
          ["intent", "retire"],
          ["id", "99999"],
        ])
      ).status,
    ).toBe(404);
  });

  it("refuses anyone but an admin: the screen and its forms send them to the login", async () => {
    for (const [client] of await nonAdminCallers(api)) {
      const page = await client.request("GET", "/admin/memberships", { headers: { accept: "text/html" } });
      expect(page.text).not.toContain("Two cuts a month");
      const posted = await post(client, [
        ["name", "Sneaky"],
        ["monthlyPrice", "1"],
        ["visitsPerMonth", "1"],
        ["serviceIds", String(cutId)],
      ]);
      expect(posted.status).toBe(302);
      expect(posted.headers.get("location")).toBe("/admin");
    }
    expect(await planRow("Sneaky")).toBeUndefined();
  });
});

describe("the owner's memberships screen, with Stripe not set up", () => {
  let bare: TestApi;
  beforeAll(async () => {
    bare = await startTestApi({ pages: true });
  });
  afterAll(() => bare.close());

  it("says online payments are not set up, and saves nothing", { timeout: 60_000 }, async () => {
    const serviceId = await addService(bare.db, "Scissor Cut", 20);
    const refused = await post(
      await bare.admin(),
      [
        ["name", "No Stripe"],
        ["monthlyPrice", "20"],
        ["visitsPerMonth", "1"],
        ["serviceIds", String(serviceId)],
      ],
      bare.baseUrl,
    );
    expect(refused.status).toBe(400);
    expect(textOf(refused.text)).toContain("Online payments are not set up.");
    expect(await bare.db.selectFrom("membership_plans").selectAll().execute()).toEqual([]);
  });
});
