import type { Db } from "~/db/client.server";
import { queueWaitlistOffers } from "~/features/booking/index.server";
import { clockNow } from "~/lib/clock";

/*
 * The waitlist as the customers feature touches it: an erasure or the retention job removes rows, an export
 * lists them. (A freed time is the booking side's to report: booking/freed-time.server.ts queues the offers.)
 */

/** Frees the times held for offers to these entries: the slots go back to everyone. */
async function releaseHolds(db: Db, entryIds: number[]) {
  if (entryIds.length === 0) return;
  await db
    .updateTable("booking_slots")
    .set({ status: "released" })
    .where("status", "=", "booked")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("waitlist_entries")
        .select("hold_slot_id")
        .where("id", "in", entryIds)
        .where("status", "=", "offered")
        .where("hold_slot_id", "is not", null),
    )
    .execute();
}

/** Deletes entries, releasing any time held for them (and offering it to the next in line). */
async function deleteEntries(db: Db, rows: Array<{ id: number; date: string; status: string }>, now: Date) {
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  await releaseHolds(db, ids);
  await db.deleteFrom("waitlist_entries").where("id", "in", ids).execute();
  for (const date of new Set(rows.filter((row) => row.status === "offered").map((row) => row.date))) {
    await queueWaitlistOffers(db, date, now);
  }
  return ids.length;
}

/** Erasure (the owner's, or the customer's own): every entry of the customer goes. */
export async function eraseWaitlistEntries(trx: Db, customerId: number, now: Date = clockNow()) {
  const rows = await trx
    .selectFrom("waitlist_entries")
    .select(["id", "date", "status"])
    .where("customer_id", "=", customerId)
    .execute();
  return deleteEntries(trx, rows, now);
}

/** Each entry's services' titles, in the order chosen. */
export async function serviceTitles(db: Db, entryIds: number[]) {
  if (entryIds.length === 0) return new Map<number, string[]>();
  const rows = await db
    .selectFrom("waitlist_entry_services as ws")
    .innerJoin("services as s", "s.id", "ws.service_id")
    .select(["ws.entry_id", "s.title"])
    .where("ws.entry_id", "in", entryIds)
    .orderBy("ws.entry_id")
    .orderBy("ws.position")
    .execute();
  const titles = new Map<number, string[]>();
  for (const row of rows) titles.set(row.entry_id, [...(titles.get(row.entry_id) ?? []), row.title]);
  return titles;
}

/** A customer's entries as their data export gives them: what they asked for and what came of it. */
export async function waitlistEntriesOf(db: Db, customerId: number) {
  const entries = await db
    .selectFrom("waitlist_entries as w")
    .leftJoin("team_members as m", "m.id", "w.member_id")
    .select([
      "w.id",
      "w.date",
      "w.earliest",
      "w.latest",
      "w.customer_name",
      "w.customer_email",
      "w.customer_phone",
      "w.status",
      "w.created_at",
      "m.name as member_name",
    ])
    .where("w.customer_id", "=", customerId)
    .orderBy("w.date")
    .orderBy("w.id")
    .execute();
  const titles = await serviceTitles(
    db,
    entries.map((entry) => entry.id),
  );
  return entries.map((entry) => ({
    date: entry.date,
    services: titles.get(entry.id) ?? [],
    barber: entry.member_name,
    earliest: entry.earliest,
    latest: entry.latest,
    name: entry.customer_name,
    email: entry.customer_email,
    phone: entry.customer_phone,
    status: entry.status,
    joinedAt: entry.created_at,
  }));
}

/** Entries for days that have passed lapse: nothing is left to offer them, so their personal data goes. */
export async function lapsePastEntries(db: Db, today: string) {
  await db.deleteFrom("waitlist_entries").where("date", "<", today).execute();
}
