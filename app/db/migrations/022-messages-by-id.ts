import type { Kysely } from "kysely";

/*
 * Messages exactly once and jobs that carry ids (issue 30, decision 043):
 * - a booking keeps its manage-link token sealed with SECRET_KEY, so mails and texts read it when they run
 *   instead of holding it in plain text in their payloads for days;
 * - a sign-in link is stored when asked for, its token sealed, so its mail job carries the link's id only;
 * - a text is recorded as "sending" before the provider is called: after a crash its job asks the provider
 *   whether it went rather than sending it again.
 * Jobs already queued lose the tokens and the personal data they held: their handlers read the booking.
 */

interface JobRow {
  id: number;
  kind: string;
  payload: string;
}

const PERSONAL_FIELDS = ["token", "booking", "email"];

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("manage_token_sealed", "text").execute();
  await db.schema.alterTable("customer_sign_in_links").addColumn("token_sealed", "text").execute();
  await db.schema
    .alterTable("text_messages")
    .addColumn("state", "text", (col) => col.notNull().defaultTo("sent"))
    .execute();

  const jobs = db as unknown as Kysely<{ jobs: JobRow & { state: string } }>;
  const pending = await jobs
    .selectFrom("jobs")
    .select(["id", "kind", "payload"])
    .where("state", "=", "pending")
    .where("kind", "in", ["booking-mail", "booking-reminder", "booking-text", "account-sign-in-link"])
    .execute();
  for (const job of pending) {
    const payload = JSON.parse(job.payload) as Record<string, unknown>;
    // A sign-in link asked for before this version names only its address: it is asked for again.
    if (job.kind === "account-sign-in-link") {
      await jobs.deleteFrom("jobs").where("id", "=", job.id).execute();
      continue;
    }
    const series = Array.isArray(payload.series)
      ? (payload.series as Array<Record<string, unknown>>).map(
          ({ booking: _booking, token: _token, ...entry }) => entry,
        )
      : undefined;
    const kept = Object.fromEntries(Object.entries(payload).filter(([field]) => !PERSONAL_FIELDS.includes(field)));
    const booking = payload.booking as { sequence?: number; paymentLine?: string } | undefined;
    const stripped = {
      ...kept,
      ...(series ? { series } : {}),
      ...(booking?.sequence !== undefined ? { sequence: booking.sequence } : {}),
      ...(booking?.paymentLine ? { paymentLine: booking.paymentLine } : {}),
    };
    await jobs
      .updateTable("jobs")
      .set({ payload: JSON.stringify(stripped) })
      .where("id", "=", job.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("text_messages").dropColumn("state").execute();
  await db.schema.alterTable("customer_sign_in_links").dropColumn("token_sealed").execute();
  await db.schema.alterTable("bookings").dropColumn("manage_token_sealed").execute();
}
