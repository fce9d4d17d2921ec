import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopToday } from "~/lib/shop-time";
import type { TestClient } from "../../../tests/support/test-app";
import { startTillShop, type TillShop } from "./till.testing";

/* The till's screens without JavaScript: ring up a booking, take cash, wait on the reader, print, cash up. */

let shop: TillShop;
const html = { accept: "text/html" };
const postForm = (client: TestClient, url: string, fields: Array<[string, string]>) =>
  client.request("POST", url, {
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.api.baseUrl, ...html },
  });

beforeAll(async () => {
  shop = await startTillShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

describe("the till without JavaScript", () => {
  it("checks out a booking with a product and a tip, half cash, half on the reader with Check again, then cashes up", async () => {
    const { admin } = shop;
    const readerId = await shop.reader();
    const booking = await shop.booking();
    const screen = await admin.request("GET", `/admin/till?booking=${booking.id}`, { headers: html });
    expect(screen.status).toBe(200);
    expect(screen.text).toContain(`Check out Sam Taylor (${booking.reference})`);
    const rung = await postForm(admin, "/admin/till", [
      ["bookingId", String(booking.id)],
      ["service.0.serviceId", String(shop.serviceId)],
      ["service.0.memberId", String(shop.memberId)],
      ["service.1.serviceId", ""],
      ["service.1.memberId", ""],
      ["product.0.productId", String(shop.pomadeId)],
      ["product.0.quantity", "1"],
      ["discount", ""],
      ["tipAmount", "4"],
      ["tipMemberId", String(shop.memberId)],
    ]);
    expect(rung.status).toBe(303);
    const salePage = rung.headers.get("location")!;
    const saleId = Number(salePage.split("/").pop());
    expect((await admin.get(`/api/sales/${saleId}`)).body).toMatchObject({ total: 44, due: 44 });
    expect(
      (
        await postForm(admin, salePage, [
          ["intent", "pay"],
          ["method", "cash"],
          ["key", "k1"],
          ["amount", "22"],
          ["tendered", "25"],
        ])
      ).status,
    ).toBe(303);
    expect(
      (
        await postForm(admin, salePage, [
          ["intent", "pay"],
          ["method", "card"],
          ["key", "k2"],
          ["amount", "22"],
          ["readerId", readerId],
        ])
      ).status,
    ).toBe(303);
    const waiting = await admin.request("GET", salePage, { headers: html });
    expect(waiting.text).toContain("Waiting for the card on the reader");
    expect(waiting.text).toContain("Check again");
    shop.stripe.state.deliverTerminalEvents = false;
    await shop.stripe.presentCard(readerId);
    const paid = await admin.request("GET", salePage, { headers: html });
    expect(paid.text).not.toContain("Waiting for the card");
    expect((await admin.get(`/api/sales/${saleId}`)).body.status).toBe("paid");
    const receipt = await admin.request("GET", `${salePage}/receipt`, { headers: html });
    expect(receipt.text).toContain("size: 80mm auto");
    expect(receipt.text).toContain("VISA •••• 4242");
    // Refund by line on the sale screen: the Pomade goes back (the card part first) and into stock.
    const sale = (await admin.get(`/api/sales/${saleId}`)).body as { lines: { id: number; kind: string }[] };
    const pomade = sale.lines.find((line) => line.kind === "product")!;
    expect(paid.text).toContain(`name="refund-line-${pomade.id}"`);
    const stock = shop.pomadeStock;
    const before = await stock();
    const refunded = await postForm(admin, salePage, [
      ["intent", "refund"],
      ["key", "k3"],
      [`refund-line-${pomade.id}`, "1"],
      ["amount", ""],
      ["reason", "Wrong hold"],
    ]);
    expect(refunded.status).toBe(303);
    expect((await admin.get(`/api/sales/${saleId}`)).body).toMatchObject({ refunded: 12 });
    expect(await stock()).toBe(before! + 1);
    const after = await admin.request("GET", salePage, { headers: html });
    expect(after.text).not.toContain(`name="refund-line-${pomade.id}"`);
    const date = shopToday();
    const closed = await postForm(admin, `/admin/till/cash-up?date=${date}`, [["countedCash", "21"]]);
    expect(closed.status).toBe(303);
    const cashUp = await admin.request("GET", `/admin/till/cash-up?date=${date}`, { headers: html });
    expect(cashUp.text).toContain("The till is £1.00 short.");
  }, 60_000);
});

describe("Settings → Payments → Card readers", () => {
  it("lists the readers with label, kind, status and location; registers one by its code and removes it", async () => {
    const { admin } = shop;
    const registered = await postForm(admin, "/admin/settings", [
      ["intent", "add-reader"],
      ["registrationCode", "simulated-wpe"],
      ["label", "Back chair"],
    ]);
    expect(registered.status).toBe(303);
    const readers = (await admin.get("/api/terminal/readers")).body as {
      id: string;
      label: string;
      location: string;
    }[];
    const reader = readers.find((candidate) => candidate.label === "Back chair")!;
    expect(reader.location).toMatch(/^tml_/);
    const page = await admin.request("GET", "/admin/settings", { headers: html });
    // React writes "<!-- -->" between a text and a value beside it.
    const panel = page.text.slice(page.text.indexOf('id="card-readers"')).replaceAll("<!-- -->", "");
    expect(panel).toContain("Back chair");
    expect(panel).toContain("Simulated WisePOS E");
    expect(panel).toContain("Status: Online");
    expect(panel).toContain(`(${reader.location})`);
    const wrong = await postForm(admin, "/admin/settings", [
      ["intent", "add-reader"],
      ["registrationCode", "no-such-code"],
      ["label", "Nowhere"],
    ]);
    expect(wrong.status).toBe(400);
    const removed = await postForm(admin, "/admin/settings", [
      ["intent", "remove-reader"],
      ["readerId", reader.id],
    ]);
    expect(removed.status).toBe(303);
    const after = (await admin.get("/api/terminal/readers")).body as { id: string }[];
    expect(after.map((candidate) => candidate.id)).not.toContain(reader.id);
  }, 60_000);
});
