import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nonAdminCallers, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { buildReportsShop, type ReportsShop } from "./reports-shop.testing";

/*
 * Every figure of the books (issue 32, decision 054) on a shop worked out by hand (reports-shop.testing.ts), to
 * the penny and the fourth decimal, on whichever database the run uses.
 */

let api: TestApi;
let admin: TestClient;
let shop: ReportsShop;
const WEEK = "from=2026-11-02&to=2026-11-08";

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
  shop = await buildReportsShop(api.db, admin);
});
afterAll(() => api.close());

describe("GET /api/reports/summary", () => {
  it("counts the week's appointments, rates and customers by their definitions", async () => {
    const { status, body } = await admin.get(`/api/reports/summary?${WEEK}`);
    expect(status).toBe(200);
    expect(body.from).toBe("2026-11-02");
    expect(body.to).toBe("2026-11-08");
    expect(body.appointments).toEqual({
      booked: 10,
      attended: 6,
      noShow: 2,
      cancelled: 3,
      lateCancelled: 1,
      walkIns: 1,
    });
    expect(body.noShowRate).toBe(0.25);
    expect(body.utilisation.overall).toBe(0.1383);
    expect(body.utilisation.byMember).toEqual([
      { memberId: shop.alex, name: "Alex", bookedMinutes: 165, workingMinutes: 1380, rate: 0.1196 },
      { memberId: shop.sam, name: "Sam", bookedMinutes: 225, workingMinutes: 1440, rate: 0.1563 },
      { memberId: shop.jo, name: "@Jo", bookedMinutes: 0, workingMinutes: 0, rate: null },
    ]);
    expect(body.rebookingRate).toBe(0.5);
    expect(body.customers).toEqual({ new: 3, returning: 1, returnedWithin60Days: null });
    expect(body.byDay).toEqual([
      { date: "2026-11-02", appointments: 4, net: 70.5 },
      { date: "2026-11-03", appointments: 2, net: 86 },
      { date: "2026-11-04", appointments: 1, net: 12 },
      { date: "2026-11-05", appointments: 2, net: 32 },
      { date: "2026-11-06", appointments: 0, net: -5 },
      { date: "2026-11-07", appointments: 1, net: 0 },
      { date: "2026-11-08", appointments: 0, net: 0 },
    ]);
    expect(body.byHour).toEqual([
      { weekday: 1, hour: 9, appointments: 1 },
      { weekday: 1, hour: 10, appointments: 1 },
      { weekday: 1, hour: 11, appointments: 1 },
      { weekday: 1, hour: 15, appointments: 1 },
      { weekday: 2, hour: 9, appointments: 1 },
      { weekday: 2, hour: 10, appointments: 1 },
      { weekday: 3, hour: 15, appointments: 1 },
      { weekday: 4, hour: 10, appointments: 1 },
      { weekday: 4, hour: 11, appointments: 1 },
      { weekday: 6, hour: 10, appointments: 1 },
    ]);
  });

  it("adds up the takings once each: deposits at checkout, kept deposits, fees, less the refunds that counted", async () => {
    const { takings } = (await admin.get(`/api/reports/summary?${WEEK}`)).body;
    expect(takings).toEqual({
      services: 138,
      products: 28,
      tips: 10,
      fees: 22.5,
      depositsKept: 10,
      refunds: 13,
      net: 195.5,
      byMethod: { cash: 93, card: 50, online: 40, cardOnFile: 12.5, giftCard: 0 },
      byMember: [
        { memberId: shop.alex, name: "Alex", services: 58, products: 12, tips: 3 },
        { memberId: shop.sam, name: "Sam", services: 80, products: 8, tips: 7 },
      ],
    });
  });

  it("narrows the appointments to one barber with memberId", async () => {
    const { body } = await admin.get(`/api/reports/summary?${WEEK}&memberId=${shop.sam}`);
    expect(body.appointments).toEqual({
      booked: 5,
      attended: 3,
      noShow: 1,
      cancelled: 2,
      lateCancelled: 1,
      walkIns: 1,
    });
    expect(body.noShowRate).toBe(0.25);
    expect(body.utilisation).toEqual({
      overall: 0.1563,
      byMember: [{ memberId: shop.sam, name: "Sam", bookedMinutes: 225, workingMinutes: 1440, rate: 0.1563 }],
    });
    // Of Sam's attended visits (Eve's, the walk-in's, Ann's), Eve booked again.
    expect(body.rebookingRate).toBe(0.3333);
  });

  it("counts who came back within 60 days over a longer period", async () => {
    const { body } = await admin.get("/api/reports/summary?from=2026-08-01&to=2026-11-08");
    // New since 1 August: Ann, Gus, Fay, Ben, Dee, Eve; of Ann and Gus (first visit by 9 September) Gus came back.
    expect(body.customers).toEqual({ new: 6, returning: 0, returnedWithin60Days: 0.5 });
  });

  it("answers zeros and nulls for a period with nothing in it", async () => {
    const { status, body } = await admin.get("/api/reports/summary?from=2025-01-04&to=2025-01-05");
    expect(status).toBe(200);
    expect(body.appointments).toEqual({
      booked: 0,
      attended: 0,
      noShow: 0,
      cancelled: 0,
      lateCancelled: 0,
      walkIns: 0,
    });
    expect(body.noShowRate).toBeNull();
    expect(body.rebookingRate).toBeNull();
    expect(body.customers).toEqual({ new: 0, returning: 0, returnedWithin60Days: null });
    expect(body.takings).toMatchObject({
      services: 0,
      products: 0,
      tips: 0,
      fees: 0,
      depositsKept: 0,
      refunds: 0,
      net: 0,
      byMember: [],
    });
    expect(body.takings.byMethod).toEqual({ cash: 0, card: 0, online: 0, cardOnFile: 0, giftCard: 0 });
    // A weekend: Sam works Saturday (6 hours), nobody Sunday.
    expect(body.utilisation.overall).toBe(0);
    expect(body.byDay).toEqual([
      { date: "2025-01-04", appointments: 0, net: 0 },
      { date: "2025-01-05", appointments: 0, net: 0 },
    ]);
    expect(body.byHour).toEqual([]);
  });

  it("refuses a malformed date, from after to, and a period over 366 days (400)", async () => {
    for (const query of [
      "from=2026-11-02",
      "from=2026-11-02&to=2026-11-31",
      "from=02/11/2026&to=2026-11-08",
      "from=2026-11-09&to=2026-11-08",
      "from=2025-11-01&to=2026-11-02",
      `${WEEK}&memberId=abc`,
    ]) {
      for (const path of ["summary", "summary.csv", "pay", "pay.csv", "payments.csv"]) {
        const { status, body } = await admin.get(`/api/reports/${path}?${query}`);
        if (path.startsWith("pay") && query.includes("memberId")) continue;
        expect(status, `${path}?${query}`).toBe(400);
        expect(body.message).toEqual(expect.any(String));
      }
    }
    // 366 days exactly is allowed.
    expect((await admin.get("/api/reports/summary?from=2025-11-02&to=2026-11-02")).status).toBe(200);
  });

  it("is the admin's only", async () => {
    for (const [client, status] of await nonAdminCallers(api)) {
      for (const path of ["summary", "summary.csv", "pay", "pay.csv", "payments.csv"]) {
        expect((await client.get(`/api/reports/${path}?${WEEK}`)).status).toBe(status);
      }
    }
  });
});

describe("GET /api/reports/pay", () => {
  it("works out commission, chair rent and tips for the week", async () => {
    const { status, body } = await admin.get(`/api/reports/pay?${WEEK}`);
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        memberId: shop.alex,
        name: "Alex",
        pay: { kind: "commission", servicePercent: 42.5, productPercent: 12.5 },
        services: 58,
        products: 12,
        tips: 3,
        // 42.5% of £58 + 12.5% of £12 = £24.65 + £1.50.
        commission: 26.15,
        rentDue: 0,
        owed: 29.15,
      },
      {
        memberId: shop.sam,
        name: "Sam",
        pay: { kind: "chairRent", amount: 400, period: "month" },
        services: 80,
        products: 8,
        tips: 7,
        commission: 0,
        // No month starts inside the week.
        rentDue: 0,
        owed: 95,
      },
      {
        memberId: shop.jo,
        name: "@Jo",
        pay: { kind: "none" },
        services: 0,
        products: 0,
        tips: 0,
        commission: 0,
        rentDue: 0,
        owed: 0,
      },
    ]);
  });

  it("charges the chair renter a month's rent when the period holds the 1st", async () => {
    const { body } = await admin.get("/api/reports/pay?from=2026-10-26&to=2026-11-08");
    expect(body.find((line: { memberId: number }) => line.memberId === shop.sam)).toMatchObject({
      services: 110,
      products: 8,
      tips: 11,
      rentDue: 400,
      owed: -271,
    });
  });
});

describe("CSV files", () => {
  it("gives the summary a day a row, then the total, as an attachment", async () => {
    const response = await admin.get(`/api/reports/summary.csv?${WEEK}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=summary-2026-11-02-to-2026-11-08.csv",
    );
    const lines = response.text.split("\r\n");
    expect(lines[0]).toBe("date,appointments,services,products,tips,fees,deposits_kept,refunds,net");
    expect(lines[1]).toBe("2026-11-02,4,43.00,12.00,3.00,12.50,0.00,0.00,70.50");
    expect(lines[5]).toBe("2026-11-06,0,0.00,0.00,0.00,0.00,0.00,5.00,-5.00");
    expect(lines[8]).toBe("total,10,138.00,28.00,10.00,22.50,10.00,13.00,195.50");
  });

  it("quotes a cell that a spreadsheet would run", async () => {
    const response = await admin.get(`/api/reports/pay.csv?${WEEK}`);
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const lines = response.text.split("\r\n");
    expect(lines[0]).toBe("barber,pay,services,products,tips,commission,rent_due,owed");
    expect(lines[1]).toBe("Alex,Commission,58.00,12.00,3.00,26.15,0.00,29.15");
    expect(lines[3]).toBe(`"'@Jo",Not worked out here (owner or salaried),0.00,0.00,0.00,0.00,0.00,0.00`);
  });

  it("lists every money movement of the period with its reference, barber and Stripe id", async () => {
    const response = await admin.get(`/api/reports/payments.csv?${WEEK}`);
    const lines = response.text.trim().split("\r\n");
    expect(lines[0]).toBe("date,time,kind,method,amount,reference,barber,stripe_id");
    expect(lines).toContain("2026-11-02,08:00,refund,online,-10.00,OB-TEST7,Alex,re_8");
    expect(lines.some((line) => /^2026-11-02,12:00,sale,card,30\.00,S-000001,Alex,pi_\d+$/.test(line))).toBe(true);
    // Five ledger rows of the bookings in the week (two fees, a kept deposit, two refunds), the till's five
    // payments and its refund.
    expect(lines).toHaveLength(1 + 5 + 5 + 1);
  });
});
