import { randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import { sql } from "kysely";
import type { RequestContext, ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import { ukNationalPhone } from "~/db/customer-phone";
import { recordAudit } from "~/features/audit/index.server";
import { hashToken } from "~/features/auth/index.server";
import { bookAgainPath, type CancelScope, type RescheduleRequest } from "~/features/booking";
import {
  type BookingKey,
  type BookingRecord,
  cancelBooking,
  loadCustomerBookings,
  managedBooking,
  moveBooking,
} from "~/features/booking/index.server";
import {
  customerFingerprint,
  customerIdOfEmail,
  fingerprintOfCustomer,
} from "~/features/customer-identity/index.server";
import { customerOfKey, eraseCustomer, exportCustomer } from "~/features/customers/index.server";
import { customerKey } from "~/features/customers";
import { enqueueJob, type Job, type JobHandlers, jobMessageId } from "~/features/jobs/index.server";
import { customerMemberships } from "~/features/memberships/index.server";
import { decryptSecret, encryptSecret, type SecretKeySource } from "~/lib/secret-box.server";
import { HttpError } from "~/lib/http-error";
import { recordWithinLimits } from "~/lib/rate-limit.server";
import { toPounds } from "~/lib/money";
import { CUSTOMER_SESSION_COOKIE } from "~/lib/session-cookie";
import { hasStarted } from "~/lib/shop-time";
import { signInLinkMail } from "./account-mail.server";
import {
  NOT_SIGNED_IN_MESSAGE,
  SIGN_IN_LINK_GONE_MESSAGE,
  SIGN_IN_LINK_MINUTES,
  type Account,
  type AccountBooking,
} from "./account.schema";
import { clockNow } from "~/lib/clock";

/*
 * The customer's own page without a password (decision 028): a one-time link mailed to the address
 * signs them in, and a customer session (its own table and cookie, never an admin's) lets them see,
 * change, export and erase what the shop holds under that address.
 */

const CUSTOMER_SESSION_DAYS = 30;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A customer waiting for a slow mail asks again; a script mailing someone's inbox full does not get far. */
const LINKS_PER_ADDRESS = 5;
const LINKS_PER_CLIENT = 20;
const HOUR_MS = 3_600_000;
const SIGN_IN_LINK_JOB = "account-sign-in-link";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;

const newToken = () => randomBytes(32).toString("base64url");

export const signInLinkUrl = (ctx: Ctx, token: string) => `${ctx.config.publicUrl}/account/sign-in/${token}`;

/**
 * A request for a sign-in link. The answer and the work done are the same whether or not the address
 * is known: the job decides, later, whether there is anyone to mail.
 */
export async function requestSignInLink(ctx: Ctx, email: string, client: string) {
  const key = customerKey(email);
  // Both counted in one transaction, before either is checked; the address under its keyed fingerprint,
  // so a rate-limit event never keeps it (erasure).
  const check = await recordWithinLimits(ctx.db, [
    {
      bucket: "account-link-address",
      subject: customerFingerprint(ctx.config, key),
      max: LINKS_PER_ADDRESS,
      windowMs: HOUR_MS,
    },
    { bucket: "account-link-client", subject: client, max: LINKS_PER_CLIENT, windowMs: HOUR_MS },
  ]);
  if (!check.allowed) {
    throw new HttpError(429, "Too many sign-in links were asked for. Please wait an hour and try again.");
  }
  // The job carries the link's id: its token waits sealed on the link, and an erasure deletes both (decision 043).
  // Sign-in links live on real time, as sessions do, not on the shop's clock (decision 026).
  const token = await createSignInLink(ctx.db, key, new Date(), ctx.config);
  const payload: SignInLinkJob = { linkId: hashToken(token) };
  await enqueueJob(ctx.db, { kind: SIGN_IN_LINK_JOB, payload, maxAttempts: 3 });
}

interface SignInLinkJob {
  linkId: string;
}

const SIGN_IN_LINK_PURPOSE = "sign-in-link";

/** Whether the shop knows the address: a customer's (decision 041), or one that sent a contact message not erased. */
async function isKnownCustomer(db: Db, email: string) {
  if ((await customerIdOfEmail(db, email)) !== undefined) return true;
  const message = await db
    .selectFrom("contact_submissions")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email)
    .where("erased_at", "is", null)
    .executeTakeFirst();
  return message !== undefined;
}

const linkExpiry = (now: Date) => new Date(now.getTime() + SIGN_IN_LINK_MINUTES * MINUTE_MS).toISOString();

/**
 * Stores a new one-time link for the address (only its hash) and answers the token the mail carries; with
 * `sealWith`, the token is also kept sealed until its mail goes.
 */
export async function createSignInLink(db: Db, email: string, now: Date = new Date(), sealWith?: SecretKeySource) {
  const token = newToken();
  await db
    .insertInto("customer_sign_in_links")
    .values({
      id: hashToken(token),
      email: customerKey(email),
      expires_at: linkExpiry(now),
      created_at: now.toISOString(),
      token_sealed: sealWith ? encryptSecret(sealWith, SIGN_IN_LINK_PURPOSE, token) : null,
    })
    .execute();
  return token;
}

/**
 * Mails a link asked for, when the address is one the shop knows (else the link goes unsent). A retry after a
 * crash sends the same link in the same message (one Message-ID per job); once sent, the sealed token goes.
 */
async function mailSignInLink(ctx: RequestContext, { linkId }: SignInLinkJob, job: Job) {
  const link = await ctx.db
    .selectFrom("customer_sign_in_links")
    .selectAll()
    .where("id", "=", linkId)
    .executeTakeFirst();
  if (!link?.token_sealed) return;
  const token = decryptSecret(ctx.config, SIGN_IN_LINK_PURPOSE, link.token_sealed);
  const unsent = ctx.db.deleteFrom("customer_sign_in_links").where("id", "=", linkId);
  if (!token || !ctx.mailer.enabled || !(await isKnownCustomer(ctx.db, link.email)))
    return void (await unsent.execute());
  // Valid for its full time from when it is mailed, however long the mail took.
  await ctx.db
    .updateTable("customer_sign_in_links")
    .set({ expires_at: linkExpiry(new Date()) })
    .where("id", "=", linkId)
    .execute();
  const mail = signInLinkMail(await ctx.settings(), link.email, signInLinkUrl(ctx, token));
  await ctx.mailer.send({ ...mail, messageId: jobMessageId(ctx, job) });
  await ctx.db.updateTable("customer_sign_in_links").set({ token_sealed: null }).where("id", "=", linkId).execute();
}

export const accountJobHandlers: JobHandlers = {
  [SIGN_IN_LINK_JOB]: { run: (ctx, payload, job) => mailSignInLink(ctx, payload as SignInLinkJob, job) },
};

const cookieOptions = (ctx: Ctx) =>
  ({ httpOnly: true, sameSite: "lax", secure: ctx.config.publicUrl.startsWith("https://"), path: "/" }) as const;

export const customerSessionTokenOf = (cookieHeader: string | null | undefined) =>
  parse(cookieHeader ?? "")[CUSTOMER_SESSION_COOKIE];

/**
 * Uses the link: deleted in the same statement that reads it, so of two requests with one token only
 * one signs in. Starts a customer session and answers its Set-Cookie header.
 */
export async function redeemSignInLink(ctx: Ctx, token: string, previousSession: string | undefined, now = new Date()) {
  const used = TOKEN_PATTERN.test(token)
    ? await ctx.db
        .deleteFrom("customer_sign_in_links")
        .where("id", "=", hashToken(token))
        .where("expires_at", ">", now.toISOString())
        .returning("email")
        .executeTakeFirst()
    : undefined;
  if (!used) throw new HttpError(410, SIGN_IN_LINK_GONE_MESSAGE);
  if (previousSession) await endCustomerSession(ctx.db, previousSession);
  const session = newToken();
  const expiresAt = new Date(now.getTime() + CUSTOMER_SESSION_DAYS * DAY_MS);
  await ctx.db
    .insertInto("customer_sessions")
    .values({
      id: hashToken(session),
      email: used.email,
      expires_at: expiresAt.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return {
    email: used.email,
    cookie: serialize(CUSTOMER_SESSION_COOKIE, session, { ...cookieOptions(ctx), expires: expiresAt }),
  };
}

/** The signed-in customer's (lower-cased) address, or null. */
export async function customerOfSession(db: Db, token: string | undefined, now = new Date()) {
  if (!token) return null;
  const row = await db
    .selectFrom("customer_sessions")
    .select("email")
    .where("id", "=", hashToken(token))
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.email ?? null;
}

/** The signed-in customer's address; 401 without a session. */
export async function requireCustomer(db: Db, token: string | undefined) {
  const email = await customerOfSession(db, token);
  if (!email) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE);
  return email;
}

async function endCustomerSession(db: Db, token: string) {
  await db.deleteFrom("customer_sessions").where("id", "=", hashToken(token)).execute();
}

/** Ends the session and answers the Set-Cookie header that clears the cookie. */
export async function signOutCustomer(ctx: Ctx, token: string | undefined) {
  if (token) await endCustomerSession(ctx.db, token);
  return serialize(CUSTOMER_SESSION_COOKIE, "", { ...cookieOptions(ctx), expires: new Date(0) });
}

/** Drops expired links and customer sessions. */
export async function pruneCustomerSessions(db: Db, now = new Date()) {
  await db.deleteFrom("customer_sign_in_links").where("expires_at", "<=", now.toISOString()).execute();
  await db.deleteFrom("customer_sessions").where("expires_at", "<=", now.toISOString()).execute();
}

const startsAt = (booking: BookingRecord) => `${booking.date} ${booking.startTime}`;

/** Upcoming first (soonest first), then past ones (latest first). */
function inPageOrder(bookings: BookingRecord[], now: Date) {
  const upcoming = bookings.filter((booking) => !hasStarted(booking.date, booking.startTime, now));
  const past = bookings.filter((booking) => hasStarted(booking.date, booking.startTime, now));
  return [
    ...upcoming.toSorted((a, b) => startsAt(a).localeCompare(startsAt(b)) || a.id - b.id),
    ...past.toSorted((a, b) => startsAt(b).localeCompare(startsAt(a)) || b.id - a.id),
  ];
}

/** The signed-in address's customer row (decision 041): undefined for someone known only by a contact message. */
export const customerSignedIn = (db: Db, email: string) =>
  db
    .selectFrom("customers")
    .select(["id", "name", "phone"])
    .where("email_key", "=", customerKey(email))
    .executeTakeFirst();

/** What `GET /api/account` answers: the customer's bookings, each with what they may do with it. */
export async function getAccount({ db, settings }: ShopReads, email: string, now: Date = clockNow()): Promise<Account> {
  const customer = await customerSignedIn(db, email);
  const [bookings, shop, memberships] = await Promise.all([
    customer ? loadCustomerBookings(db, customer.id) : [],
    settings(),
    customer ? customerMemberships(db, customer.id) : [],
  ]);
  const ordered = inPageOrder(bookings, now);
  return {
    email,
    name: customer?.name ?? "",
    // The customer's own phone, never that of a booking someone else made with their address.
    phone: customer?.phone ?? "",
    bookings: await Promise.all(
      ordered.map(async (booking): Promise<AccountBooking> => {
        const managed = await managedBooking(db, booking, shop.cancellationNoticeHours, now);
        const past = hasStarted(booking.date, booking.startTime, now);
        return {
          reference: booking.reference,
          date: booking.date,
          startTime: booking.startTime,
          endTime: booking.endTime,
          status: booking.status,
          services: booking.services.map((service) => service.title),
          memberName: booking.memberName,
          total: toPounds(booking.totalPence),
          past,
          canCancel: managed.canCancel,
          canReschedule: managed.canReschedule,
          bookAgain: booking.serviceIds.length > 0 ? bookAgainPath(booking.serviceIds, booking.memberId) : null,
          payment: managed.payment,
        };
      }),
    ),
    memberships,
  };
}

/** The details the booking form starts with for a signed-in customer: their customer row's, the phone as typed in Britain. */
export async function customerDetails(db: Db, email: string) {
  const customer = await customerSignedIn(db, email);
  return {
    customerName: customer?.name ?? "",
    customerEmail: email,
    customerPhone: ukNationalPhone(customer?.phone ?? ""),
  };
}

/** One of the customer's own bookings, as the private link's code reaches it. */
export const ownBooking = (email: string, reference: string): BookingKey => ({
  reference: reference.trim().toUpperCase(),
  customerEmail: email,
});

/** Cancels the customer's booking: the private link's rules and code. */
export const cancelOwnBooking = (
  ctx: RequestContext,
  email: string,
  reference: string,
  client: string,
  scope: CancelScope = "one",
) => cancelBooking(ctx, { actor: { kind: "customer", client }, booking: ownBooking(email, reference), scope });

/** Moves the customer's booking: the private link's rules, lock and code. */
export const moveOwnBooking = (
  ctx: RequestContext,
  email: string,
  reference: string,
  request: RescheduleRequest,
  client: string,
) => moveBooking(ctx, { actor: { kind: "customer", client }, booking: ownBooking(email, reference), to: request });

/** The customer's own copy of what is held about them: the owner's export, word for word. */
export const exportOwnData = (db: Db, email: string) => exportCustomer(db, email);

/**
 * The customer erases what is held about them: the owner's erasure (which ends their sessions too),
 * audited under a pseudonym of the address as the owner's is.
 */
export async function eraseOwnData(ctx: RequestContext, email: string) {
  const customer = await customerOfKey(ctx.db, email);
  const result = await eraseCustomer(ctx, String(customer.id));
  await recordAudit(ctx.db, {
    actor: { id: 0, username: "customer" },
    kind: "customers",
    action: "erase customer (by the customer)",
    targetId: fingerprintOfCustomer(ctx.config, customer),
    targetLabel: null,
  });
  return result;
}
