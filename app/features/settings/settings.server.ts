import type { Db } from "~/db/client.server";
import { contentVersion } from "~/db/content-version.server";
import type { Row } from "~/db/database";
import { toPence, toPounds } from "~/lib/money";
import { addDays, formatShopDate, shopToday } from "~/lib/shop-time";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import type { DateRange, ShopSettings } from "./settings.schema";
import { DEFAULT_SETTINGS } from "./shop-settings";
import { clockNow } from "~/lib/clock";

/*
 * Every page, mail and calendar file reads the shop's facts through loadSettings. They are kept in memory
 * per database handle and keyed by the content version, which a trigger bumps in the same transaction as
 * any settings write: a change made through any instance is seen on the next request everywhere, and an
 * unchanged version costs no read beyond that version (which the response cache reads anyway).
 */

const cache = new WeakMap<Db, { version: number; settings: ShopSettings }>();

/**
 * The current settings. `knownVersion` is the content version the caller already read for this request
 * (the response cache's key), so that the settings cost no query of their own.
 */
export async function loadSettings(db: Db, knownVersion?: number): Promise<ShopSettings> {
  // Read before the settings, so what is cached under a version is never older than that version.
  const version = knownVersion ?? (await contentVersion(db));
  const hit = cache.get(db);
  if (hit?.version === version) return hit.settings;
  const settings = await readSettings(db);
  cache.set(db, { version, settings });
  return settings;
}

async function readSettings(db: Db): Promise<ShopSettings> {
  const [row, hours, closures] = await Promise.all([
    db.selectFrom("shop_settings").selectAll().where("id", "=", 1).executeTakeFirst(),
    db.selectFrom("opening_hours").selectAll().orderBy("day").orderBy("start_time").execute(),
    db.selectFrom("closures").selectAll().orderBy("from_date").orderBy("id").execute(),
  ]);
  // Until the owner first saves (or boot stores the configured defaults), the shop is as it always was.
  if (!row) return DEFAULT_SETTINGS;
  return {
    ...fromRow(row),
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day,
      ranges: hours
        .filter((entry) => entry.day === day)
        .map((entry) => ({ start: entry.start_time, end: entry.end_time })),
    })),
    closures: closures.map((entry) => ({ from: entry.from_date, to: entry.to_date, note: entry.note })),
  };
}

function fromRow(row: Row<"shop_settings">): Omit<ShopSettings, "openingHours" | "closures"> {
  return {
    shopName: row.shop_name,
    tagline: row.tagline,
    about: row.about,
    address: { street: row.street, town: row.town, postcode: row.postcode },
    geo: { latitude: Number(row.latitude), longitude: Number(row.longitude) },
    phone: row.phone,
    email: row.email,
    social: { instagram: row.instagram, facebook: row.facebook },
    bookingFee: toPounds(row.booking_fee_pence),
    feeIncludedInPrices: row.fee_included_in_prices === 1,
    cancellationNoticeHours: row.cancellation_notice_hours,
    minimumNoticeMinutes: row.minimum_notice_minutes,
    bookingHorizonWeeks: row.booking_horizon_weeks,
    reminderLeadHours: row.reminder_lead_hours,
    slotIntervalMinutes: row.slot_interval_minutes,
    bookingBufferMinutes: row.booking_buffer_minutes,
    bookingRetentionMonths: row.booking_retention_months,
    contactRetentionMonths: row.contact_retention_months,
    reviewUrl: row.review_url,
    reviewRequestHours: row.review_request_hours,
    waitlistHoldMinutes: row.waitlist_hold_minutes,
    vatNumber: row.vat_number,
    till: { float: toPounds(row.till_float_pence) },
    queue: {
      enabled: row.queue_enabled === 1,
      maxWaiting: row.queue_max_waiting,
      closesBeforeCloseMinutes: row.queue_closes_before_close_minutes,
      notifyMinutes: row.queue_notify_minutes,
    },
  };
}

function toRow(settings: ShopSettings): Row<"shop_settings"> {
  return {
    id: 1,
    shop_name: settings.shopName,
    tagline: settings.tagline,
    about: settings.about,
    street: settings.address.street,
    town: settings.address.town,
    postcode: settings.address.postcode,
    latitude: settings.geo.latitude,
    longitude: settings.geo.longitude,
    phone: settings.phone,
    email: settings.email,
    instagram: settings.social.instagram,
    facebook: settings.social.facebook,
    booking_fee_pence: toPence(settings.bookingFee),
    fee_included_in_prices: settings.feeIncludedInPrices ? 1 : 0,
    cancellation_notice_hours: settings.cancellationNoticeHours,
    minimum_notice_minutes: settings.minimumNoticeMinutes,
    booking_horizon_weeks: settings.bookingHorizonWeeks,
    reminder_lead_hours: settings.reminderLeadHours,
    slot_interval_minutes: settings.slotIntervalMinutes,
    booking_buffer_minutes: settings.bookingBufferMinutes,
    booking_retention_months: settings.bookingRetentionMonths,
    contact_retention_months: settings.contactRetentionMonths,
    review_url: settings.reviewUrl,
    review_request_hours: settings.reviewRequestHours,
    waitlist_hold_minutes: settings.waitlistHoldMinutes,
    vat_number: settings.vatNumber,
    till_float_pence: toPence(settings.till.float),
    queue_enabled: settings.queue.enabled ? 1 : 0,
    queue_max_waiting: settings.queue.maxWaiting,
    queue_closes_before_close_minutes: settings.queue.closesBeforeCloseMinutes,
    queue_notify_minutes: settings.queue.notifyMinutes,
    updated_at: new Date().toISOString(),
  };
}

async function writeWeek(trx: Db, settings: ShopSettings) {
  await trx.deleteFrom("opening_hours").execute();
  const hours = settings.openingHours.flatMap(({ day, ranges }) =>
    ranges.map((range) => ({ day, start_time: range.start, end_time: range.end })),
  );
  if (hours.length > 0) await trx.insertInto("opening_hours").values(hours).execute();
  await trx.deleteFrom("closures").execute();
  const closures = settings.closures.map((range) => ({ from_date: range.from, to_date: range.to, note: range.note }));
  if (closures.length > 0) await trx.insertInto("closures").values(closures).execute();
}

/**
 * What a change to the shop's days reports to those who keep promises on them (the booking side): the
 * ranges now closed (or off), those closed before, whose they are (one barber's time off, or the whole shop),
 * and when. The shop's facts and the team know nothing of bookings; the caller hands them this follow-up.
 */
export interface ScheduleChange {
  ranges: readonly DateRange[];
  before: readonly DateRange[];
  /** One barber's time off; the whole shop for a closure. */
  memberId?: number;
  now: Date;
}

/**
 * Runs inside the saving transaction, so a refusal (throwing) leaves nothing saved; answers how many
 * bookings it cancelled, whose mails the job workers are then woken for.
 */
export type ScheduleFollowUp = (trx: Db, change: ScheduleChange) => Promise<number>;

export interface SaveSettingsOptions {
  /** The booking side's answer to the closures saved (see ScheduleFollowUp); none for a save that keeps the days. */
  followUp?: ScheduleFollowUp;
  now?: Date;
}

/** Replaces the whole settings (already parsed by settingsSchema) and answers them as now stored. */
export async function saveSettings(
  db: Db,
  settings: ShopSettings,
  options: SaveSettingsOptions = {},
): Promise<ShopSettings> {
  const cancelled = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("closures").select(["from_date", "to_date"]).execute();
    const { id: _id, ...columns } = toRow(settings);
    await trx
      .insertInto("shop_settings")
      .values(toRow(settings))
      .onConflict((conflict) => conflict.column("id").doUpdateSet(columns))
      .execute();
    await writeWeek(trx, settings);
    return options.followUp
      ? options.followUp(trx, {
          ranges: settings.closures,
          before: before.map((range) => ({ from: range.from_date, to: range.to_date, note: "" })),
          now: options.now ?? clockNow(),
        })
      : 0;
  });
  if (cancelled > 0) nudgeJobWorkers();
  return loadSettings(db);
}

/**
 * Stores the initial settings on first start (BOOKING_CANCEL_NOTICE_HOURS seeds the cancellation notice).
 * Several instances may boot at once: the first insert wins, the others change nothing.
 */
export async function ensureSettings(db: Db, initial: ShopSettings) {
  await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("shop_settings")
      .values(toRow(initial))
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (created) await writeWeek(trx, initial);
  });
}

/** Closures that cover any day from `today` to `days` days later, soonest first. */
export function upcomingClosures(closures: readonly DateRange[], today: string, days = 14) {
  const last = addDays(today, days);
  return closures
    .filter((range) => range.to >= today && range.from <= last)
    .toSorted((a, b) => a.from.localeCompare(b.from));
}

/** "Wednesday 24 December" or "Wednesday 24 December – Friday 26 December". */
export function formatDateRange(range: DateRange) {
  const from = formatShopDate(range.from, "weekdayDate");
  return range.from === range.to ? from : `${from} – ${formatShopDate(range.to, "weekdayDate")}`;
}

export interface ClosureAnnouncement {
  /** The dates in words, e.g. "Wednesday 24 – Friday 26 December". */
  when: string;
  note: string;
}

/**
 * What Home, Booking and Contact announce: closures covering today or the coming 14 days in the shop's
 * zone, worded here so that the pages' browser code carries no date library.
 */
export const closureAnnouncements = (settings: ShopSettings, now: Date = clockNow()): ClosureAnnouncement[] =>
  upcomingClosures(settings.closures, shopToday(now)).map((range) => ({
    when: formatDateRange(range),
    note: range.note,
  }));
