import type { Db } from "~/db/client.server";
import type { MoneyKind, MoneyMethod } from "~/db/database";
import { loadSettings, saveSettings } from "~/features/settings/settings.server";
import { shopInstant } from "~/lib/shop-time";
import type { TestClient } from "../../../tests/support/test-app";
import { bookingRow } from "./busy-shop.testing";

/*
 * A small shop whose every figure is worked out by hand (issue 32): two barbers and the owner, about twenty
 * bookings in the week of Monday 2 November 2026, deposits kept and refunded, sales with tips and products, and
 * a chair renter's sale across the month's boundary. The rows are written as the booking core, the payments
 * and the till write them; reports-shop.md-style arithmetic is in the test that reads them.
 */

const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] }));

export interface ReportsShop {
  alex: number;
  sam: number;
  jo: number;
  customers: number[];
  bookings: Map<number, number>;
}

let keys = 0;

const CUSTOMER_NAMES = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus"];

/** What became of a booking: attended or not, cancelled (by whom, when), left unpaid; null: still to come. */
type Outcome = "attended" | "no-show" | "expired" | "awaiting_payment" | { by: string; at: string } | null;

/** label, start, barber, minutes, customer (null: a walk-in without a name), made at, outcome; times the shop's. */
const BOOKINGS: [number, string, "alex" | "sam", number, string | null, string, Outcome][] = [
  [1, "2026-11-02 09:00", "alex", 30, "ann", "2026-10-20 12:00", "attended"],
  [2, "2026-11-02 10:00", "alex", 45, "ben", "2026-10-25 12:00", "attended"],
  [3, "2026-11-02 11:00", "alex", 30, "cal", "2026-10-28 12:00", "no-show"],
  [4, "2026-11-03 09:00", "alex", 30, "dee", "2026-10-30 12:00", "attended"],
  [5, "2026-11-03 10:30", "sam", 60, "eve", "2026-10-29 12:00", "attended"],
  // Cancelled by the customer 6 hours before: inside the 24 hours' notice.
  [6, "2026-11-03 14:00", "sam", 30, "fay", "2026-10-20 12:00", { by: "customer", at: "2026-11-03 08:00" }],
  // Cancelled by the customer two days ahead: in time.
  [7, "2026-11-04 09:00", "alex", 30, "cal", "2026-10-29 12:00", { by: "customer", at: "2026-11-02 08:00" }],
  // Cancelled by the shop on the day: not the customer's late cancellation.
  [8, "2026-11-04 13:00", "sam", 30, "ann", "2026-10-29 12:00", { by: "admin", at: "2026-11-04 08:00" }],
  // A walk-in, written as they sat down, without a name.
  [9, "2026-11-04 15:00", "sam", 45, null, "2026-11-04 15:00", "attended"],
  [10, "2026-11-05 10:00", "sam", 30, "ann", "2026-11-01 12:00", "attended"],
  [11, "2026-11-05 11:00", "sam", 30, "fay", "2026-11-02 12:00", "no-show"],
  // Dee's next visit, booked half an hour after her first began.
  [12, "2026-11-07 10:00", "sam", 60, "dee", "2026-11-03 09:30", null],
  [13, "2026-11-07 11:00", "sam", 30, "eve", "2026-11-06 12:00", "expired"],
  [14, "2026-11-02 15:00", "alex", 30, "fay", "2026-11-02 08:00", "awaiting_payment"],
  [15, "2026-11-20 10:00", "alex", 30, "ben", "2026-11-04 12:00", null],
  [16, "2026-11-12 10:00", "sam", 30, "eve", "2026-11-03 12:00", null],
  [17, "2026-08-01 10:00", "alex", 30, "ann", "2026-07-25 12:00", "attended"],
  [18, "2026-10-30 10:00", "sam", 30, "fay", "2026-10-20 12:00", "attended"],
  [19, "2026-08-10 10:00", "alex", 30, "gus", "2026-08-01 12:00", "attended"],
  [20, "2026-09-01 10:00", "alex", 30, "gus", "2026-08-20 12:00", "attended"],
];

export async function buildReportsShop(db: Db, admin: TestClient): Promise<ReportsShop> {
  await saveSettings(db, {
    ...(await loadSettings(db)),
    openingHours: WEEKDAYS_9_TO_5,
    closures: [{ from: "2026-11-06", to: "2026-11-06", note: "Staff training" }],
    cancellationNoticeHours: 24,
  });
  const member = async (name: string, weeklyHours: object[], pay: object, timeOff: object[] = []) => {
    const created = await admin.post("/api/team", {
      name,
      bio: "",
      image: null,
      serviceIds: [],
      weeklyHours,
      timeOff,
      pay,
    });
    if (created.status !== 201) throw new Error(created.text);
    return created.body.id as number;
  };
  const alex = await member(
    "Alex",
    [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] })),
    { kind: "commission", servicePercent: 42.5, productPercent: 12.5 },
    [{ from: "2026-11-05", to: "2026-11-05", note: "Dentist" }],
  );
  const sam = await member(
    "Sam",
    [2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "10:00", end: "16:00" }] })),
    { kind: "chairRent", amount: 400, period: "month" },
  );
  // The owner, paid nothing here; the name starts like a spreadsheet formula.
  const jo = await member("@Jo", [], { kind: "none" });
  await db
    .insertInto("team_blocks")
    .values({
      member_id: alex,
      date: "2026-11-03",
      start_time: "12:00",
      end_time: "13:00",
      note: "Lunch",
      created_at: "2026-10-01T00:00:00.000Z",
    })
    .execute();

  const customers: number[] = [];
  for (const name of CUSTOMER_NAMES) {
    const { id } = await db
      .insertInto("customers")
      .values({
        name,
        email: `${name.toLowerCase()}@example.com`,
        email_key: `${name.toLowerCase()}@example.com`,
        phone: "",
        marketing_consent_at: null,
        marketing_consent_source: null,
        text_consent_at: null,
        text_consent_source: null,
        created_at: "2026-07-01T00:00:00.000Z",
        last_seen_at: "2026-07-01T00:00:00.000Z",
        erased_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    customers.push(id);
  }
  const customerIds = new Map(CUSTOMER_NAMES.map((name, index) => [name.toLowerCase(), customers[index]!]));
  const memberIds = { alex, sam };
  const bookings = new Map<number, number>();
  const at = (date: string, time: string) => shopInstant(date, time).toISOString();
  const instant = (dateTime: string) => at(dateTime.slice(0, 10), dateTime.slice(11));
  for (const [label, start, member, minutes, customer, created, outcome] of BOOKINGS) {
    const [date, time] = start.split(" ") as [string, string];
    const [hours, mins] = time.split(":").map(Number) as [number, number];
    const end = hours * 60 + mins + minutes;
    const cancelled = typeof outcome === "object" && outcome !== null ? outcome : null;
    const status = cancelled
      ? "cancelled"
      : outcome === "expired" || outcome === "awaiting_payment"
        ? outcome
        : "confirmed";
    const slot = await db
      .insertInto("booking_slots")
      .values({
        date,
        start_time: time,
        end_time: `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`,
        status: status === "cancelled" || status === "expired" ? "released" : "booked",
        created_at: instant(created),
        member_id: memberIds[member],
        kind: "appointment",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto("bookings")
      .values(
        bookingRow({
          slot_id: slot.id,
          reference: `OB-TEST${label}`,
          manage_token_hash: `hash-${label}`,
          duration_minutes: minutes,
          status,
          cancelled_by: cancelled?.by ?? null,
          created_at: instant(created),
          cancelled_at: cancelled ? instant(cancelled.at) : null,
          attendance: outcome === "attended" || outcome === "no-show" ? outcome : null,
          customer_id: customer === null ? null : customerIds.get(customer)!,
        }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    bookings.set(label, id);
  }

  const move = (
    kind: MoneyKind,
    method: MoneyMethod,
    pence: number,
    label: number | null,
    when: string,
    extra: object = {},
  ) =>
    db
      .insertInto("money_movements")
      .values({
        kind,
        method,
        amount_pence: pence,
        booking_id: label === null ? null : bookings.get(label)!,
        customer_id: null,
        stripe_payment_intent_id: `pi_${++keys}`,
        stripe_refund_id: kind.endsWith("refund") ? `re_${keys}` : null,
        stripe_checkout_session_id: null,
        idempotency_key: `test-${keys}`,
        created_at: when,
        ...extra,
      })
      .execute();
  await move("deposit", "online", 1000, 2, at("2026-10-25", "12:00"));
  await move("fee", "card_on_file", 1250, 3, at("2026-11-02", "18:00"));
  await move("prepayment", "online", 1500, 4, at("2026-10-30", "12:00"));
  await move("refund", "online", -500, 4, at("2026-11-06", "10:00"));
  await move("deposit", "online", 1000, 6, at("2026-10-20", "12:00"));
  await move("kept_deposit", "online", 1000, 6, at("2026-11-03", "08:00"));
  // Handed back on a cancellation in time: it never counted, so it is no refund of takings.
  await move("deposit", "online", 1000, 7, at("2026-10-29", "12:00"));
  await move("refund", "online", -1000, 7, at("2026-11-02", "08:00"));
  await move("fee", "online", 1000, 11, at("2026-11-05", "18:00"));

  let number = 0;
  const sale = async (s: {
    label: number | null;
    date: string;
    lines: { kind: "service" | "product"; member: number; unit: number; quantity?: number; refunded?: number }[];
    discount?: number;
    tip?: { pence: number; member: number };
    online?: number;
    payments: { method: "cash" | "card"; pence: number }[];
    status?: "paid" | "voided";
  }) => {
    const subtotal = s.lines.reduce((sum, line) => sum + line.unit * (line.quantity ?? 1), 0);
    const total = subtotal - (s.discount ?? 0) + (s.tip?.pence ?? 0);
    const { id } = await db
      .insertInto("sales")
      .values({
        number: ++number,
        status: s.status ?? "paid",
        booking_id: s.label === null ? null : bookings.get(s.label)!,
        customer_id: null,
        date: s.date,
        subtotal_pence: subtotal,
        discount_pence: s.discount ?? 0,
        discount_percent: null,
        tip_pence: s.tip?.pence ?? 0,
        tip_member_id: s.tip?.member ?? null,
        total_pence: total,
        online_pence: s.online ?? 0,
        paid_pence: s.status === "voided" ? 0 : total,
        refunded_pence: 0,
        created_by: null,
        created_at: at(s.date, "12:00"),
        paid_at: s.status === "voided" ? null : at(s.date, "12:00"),
        voided_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("sale_lines")
      .values(
        s.lines.map((line, position) => ({
          sale_id: id,
          position,
          kind: line.kind,
          service_id: null,
          product_id: null,
          member_id: line.member,
          description: line.kind === "service" ? "Haircut" : "Pomade",
          unit_pence: line.unit,
          quantity: line.quantity ?? 1,
          total_pence: line.unit * (line.quantity ?? 1),
          refunded_quantity: line.refunded ?? 0,
        })),
      )
      .execute();
    for (const payment of s.payments) {
      await db
        .insertInto("sale_payments")
        .values({
          sale_id: id,
          method: payment.method,
          amount_pence: payment.pence,
          tendered_pence: null,
          status: "succeeded",
          idempotency_key: `pay-${++keys}`,
          date: s.date,
          reader_id: null,
          stripe_payment_intent_id: null,
          card_brand: null,
          card_last4: null,
          failure: null,
          created_at: at(s.date, "12:00"),
          settled_at: null,
        })
        .execute();
      await move("sale", payment.method, payment.pence, s.label, at(s.date, "12:00"), { sale_id: id });
    }
    return id;
  };
  await sale({
    label: 2,
    date: "2026-11-02",
    lines: [
      { kind: "service", member: alex, unit: 2500 },
      { kind: "product", member: alex, unit: 1200 },
    ],
    tip: { pence: 300, member: alex },
    online: 1000,
    payments: [{ method: "card", pence: 3000 }],
  });
  await sale({
    label: 1,
    date: "2026-11-02",
    lines: [{ kind: "service", member: alex, unit: 2000 }],
    discount: 200,
    payments: [{ method: "cash", pence: 1800 }],
  });
  const eveSale = await sale({
    label: 5,
    date: "2026-11-03",
    lines: [
      { kind: "service", member: sam, unit: 4000 },
      { kind: "product", member: sam, unit: 800, quantity: 2, refunded: 1 },
    ],
    tip: { pence: 500, member: sam },
    payments: [{ method: "cash", pence: 6100 }],
  });
  await move("sale_refund", "cash", -800, 5, at("2026-11-04", "11:00"), { sale_id: eveSale });
  await sale({
    label: 9,
    date: "2026-11-04",
    lines: [{ kind: "service", member: sam, unit: 1800 }],
    tip: { pence: 200, member: sam },
    payments: [{ method: "card", pence: 2000 }],
  });
  await sale({
    label: 10,
    date: "2026-11-05",
    lines: [{ kind: "service", member: sam, unit: 2200 }],
    payments: [{ method: "cash", pence: 2200 }],
  });
  await sale({
    label: 18,
    date: "2026-10-30",
    lines: [{ kind: "service", member: sam, unit: 3000 }],
    tip: { pence: 400, member: sam },
    payments: [{ method: "cash", pence: 3400 }],
  });
  await sale({
    label: null,
    date: "2026-11-04",
    lines: [{ kind: "service", member: alex, unit: 9900 }],
    payments: [],
    status: "voided",
  });
  return { alex, sam, jo, customers, bookings };
}
