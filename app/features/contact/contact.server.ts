import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { HttpError, notFound } from "~/lib/http-error";
import { recordWithinLimits } from "~/lib/rate-limit.server";
import { customerFingerprint } from "~/features/customer-identity/index.server";
import { quoteLines } from "~/lib/mailer.server";
import type { ContactMessage, ContactStatus, ContactSubmission, SubmissionSort } from "./contact.schema";

const CONTACT_BUCKET = "contact";
const HOUR_MS = 3_600_000;

const toSubmission = (row: Row<"contact_submissions">): ContactSubmission => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  status: row.status as ContactStatus,
  ...(row.error ? { error: row.error } : {}),
  createdAt: row.created_at,
});

/**
 * Stores the message first, so that once the caller hears 201 it survives a
 * crash; then mails it to the shop and records the outcome (see
 * docs/decisions/005-contact-mail-after-store.md). The per-client limit counts
 * only messages that passed validation: the caller validates before this runs.
 */
export async function submitContactMessage(
  ctx: RequestContext,
  input: ContactMessage,
  options: { client: string; now?: Date },
): Promise<ContactSubmission> {
  const { db, config, mailer } = ctx;
  const shop = await ctx.settings();
  const now = options.now ?? new Date();
  // Per address, and per sender address so that nobody's inbox can be filled through the shop's replies.
  const check = await recordWithinLimits(
    db,
    [
      { bucket: CONTACT_BUCKET, subject: options.client, max: config.limits.contactPerHour, windowMs: HOUR_MS },
      {
        bucket: CONTACT_BUCKET,
        // Under its keyed fingerprint: a rate-limit event must not keep a sender's address (erasure).
        subject: `email:${customerFingerprint(config, input.email)}`,
        max: config.limits.contactPerEmailPerHour,
        windowMs: HOUR_MS,
      },
    ],
    now,
  );
  if (!check.allowed) {
    throw new HttpError(
      429,
      `You have sent several messages recently. Please try again later or call us on ${shop.phone}.`,
    );
  }
  const stored = await db
    .insertInto("contact_submissions")
    .values({
      ...input,
      status: mailer.enabled ? "pending" : "not-configured",
      error: null,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!mailer.enabled) return toSubmission(stored);

  let status: ContactStatus = "sent";
  let error: string | null = null;
  try {
    if (!config.mail.shopEmail) throw new Error("SHOP_EMAIL is not set, so there is no address to send it to");
    await mailer.send({
      to: config.mail.shopEmail,
      replyTo: input.email,
      subject: `Website enquiry from ${input.name.replace(/\s+/g, " ")}`,
      text: [
        `A visitor sent a message through the ${shop.shopName} contact form.`,
        "",
        `Name: ${input.name}`,
        `Email: ${input.email}`,
        `Phone: ${input.phone}`,
        "",
        quoteLines(input.message),
      ].join("\n"),
    });
  } catch (cause) {
    status = "failed";
    error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 1000);
  }
  const row = await db
    .updateTable("contact_submissions")
    .set({ status, error })
    .where("id", "=", stored.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSubmission(row);
}

export async function listSubmissions(db: Db, sort: SubmissionSort = "newest"): Promise<ContactSubmission[]> {
  const direction = sort === "oldest" ? "asc" : "desc";
  const rows = await db
    .selectFrom("contact_submissions")
    .selectAll()
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .execute();
  return rows.map(toSubmission);
}

/** What the dashboard counts: messages received since `since`, and those whose mail to the shop failed. */
export async function contactInbox(db: Db, since: Date): Promise<{ newMessages: number; failedMails: number }> {
  const count = (status?: ContactStatus) =>
    db
      .selectFrom("contact_submissions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .$if(status === undefined, (query) => query.where("created_at", ">=", since.toISOString()))
      .$if(status !== undefined, (query) => query.where("status", "=", status!))
      .executeTakeFirstOrThrow();
  const [received, failed] = await Promise.all([count(), count("failed")]);
  return { newMessages: Number(received.count), failedMails: Number(failed.count) };
}

export async function deleteSubmission(db: Db, id: number): Promise<void> {
  const result = await db.deleteFrom("contact_submissions").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound("Submission");
}
