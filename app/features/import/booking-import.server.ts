import type { Config } from "~/config.server";
import type { ShopReads } from "~/context";
import { e164Phone } from "~/db/customer-phone";
import { withSavepoints } from "~/db/savepoints.server";
import { recordAudit } from "~/features/audit/index.server";
import {
  bookingRequestSchema,
  SLOT_TAKEN_MESSAGE,
  type AppointmentRequest,
  type MemberSchedule,
} from "~/features/booking";
import { importAppointment, loadSchedules, queueImportedBookingMails } from "~/features/booking/index.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import type { Service } from "~/features/services";
import { listServices } from "~/features/services/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError } from "~/lib/http-error";
import { isCalendarDate } from "~/lib/shop-time";
import {
  BOOKING_IMPORT_MAX_ROWS,
  detectedBookingField,
  type BookingField,
  type BookingImportResult,
  type BookingPreviewRow,
} from "./booking-import.schema";
import { PREVIEW_ROWS } from "./import.schema";
import { columnsOf, firstValue, notesText, oneLineText, readFile, readingRows, type ClientFile } from "./import-rows";

/*
 * Appointments imported from another system (issue 35, decision 053). Each row is booked through the booking
 * write module with the owner as actor (`importAppointment`: no notice, horizon or grid; the barber's hours and
 * every other booking still hold), each in a savepoint of the import's one transaction: a row the booking path
 * refuses (a clash, outside hours, a barber who does not do the service) is rolled back alone and listed with
 * its reason, the others are kept. A failure of anything else saves nothing, and a dry run is the same work
 * rolled back, so its answer is exact (a clash with an earlier row of the file included).
 */

const { customerName, customerEmail, customerPhone } = bookingRequestSchema.shape;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const two = (value: number | string) => String(value).padStart(2, "0");

/** "14:30", "9:00", "14.30", "14:30:00", "2:30 pm", "2pm": `HH:mm`, or undefined. */
export function readTime(text: string): string | undefined {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?(?::\d{2})?\s*([ap])?\.?\s*(?:m\.?)?$/i.exec(text.trim());
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  const half = match[3]?.toLowerCase();
  if (half && (hours < 1 || hours > 12)) return undefined;
  if (half === "p" && hours < 12) hours += 12;
  if (half === "a" && hours === 12) hours = 0;
  if (!half && match[2] === undefined) return undefined;
  return hours < 24 && minutes < 60 ? `${two(hours)}:${two(minutes)}` : undefined;
}

/**
 * "2026-12-01", "01/12/2026" or "1.12.26" (day first, as in the UK), "1 Dec 2026", "Tue, 1 December 2026", each
 * maybe followed by a time: the date as `yyyy-MM-dd` and what follows it, or undefined.
 */
export function readDate(text: string): { date: string; rest: string } | undefined {
  const value = text.trim().replace(/^[a-z]+,?\s+(?=\d)/i, "");
  let parts: [number, number, number, string] | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s]+(.*))?$/.exec(value);
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[,\s]+(.*))?$/.exec(value);
  const named = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,})\.?,?\s+(\d{4})(?:[,\s]+(.*))?$/i.exec(value);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4] ?? ""];
  else if (numeric) {
    const year = Number(numeric[3]) + (numeric[3]!.length === 2 ? 2000 : 0);
    parts = [year, Number(numeric[2]), Number(numeric[1]), numeric[4] ?? ""];
  } else if (named) {
    const month = MONTHS.indexOf(named[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month > 0) parts = [Number(named[3]), month, Number(named[1]), named[4] ?? ""];
  }
  if (!parts) return undefined;
  const date = `${parts[0]}-${two(parts[1])}-${two(parts[2])}`;
  return isCalendarDate(date) ? { date, rest: parts[3].trim() } : undefined;
}

const lookupKey = (text: string) => oneLineText(text).toLowerCase();

/** A status the old system gave a row that is no appointment to keep. */
const GONE_STATUS = /cancel|no[\s-]?show|did not show|declined|deleted|rejected/i;

interface Catalogue {
  services: Map<string, Service>;
  team: readonly MemberSchedule[];
}

/** The barber a row names: their full name, or a first name only one of the team has (any case). */
function barberNamed(team: readonly MemberSchedule[], name: string) {
  const key = lookupKey(name);
  const exact = team.filter((member) => lookupKey(member.name) === key);
  if (exact.length > 0) return exact[0];
  const byFirst = team.filter((member) => lookupKey(member.name).split(" ")[0] === key);
  return byFirst.length === 1 ? byFirst[0] : undefined;
}

type ReadBooking = { skip: string } | { input: AppointmentRequest; titles: string[] };

/** One row as the booking it asks for, or why it cannot be one. */
function readBookingRow(values: string[], columns: { field: BookingField }[], catalogue: Catalogue): ReadBooking {
  const first = (field: BookingField) => firstValue(values, columns, field);
  const status = first("status");
  if (GONE_STATUS.test(status)) return { skip: `Not an appointment to keep: its status is "${status}"` };
  const when = readDate(first("date"));
  if (!when) return { skip: first("date") ? `The date "${first("date")}" is not a date` : "No date" };
  const timeText = first("startTime") || when.rest;
  const startTime = readTime(timeText);
  if (!startTime) return { skip: timeText ? `The start time "${timeText}" is not a time` : "No start time" };

  const named = first("services")
    .split(/\s*[+;]\s*/)
    .filter(Boolean);
  if (named.length === 0) return { skip: "No service" };
  const services: Service[] = [];
  for (const title of named) {
    const service = catalogue.services.get(lookupKey(title));
    if (!service) return { skip: `Unknown service "${title}"` };
    services.push(service);
  }
  const barberName = first("barber");
  const barber = barberName ? barberNamed(catalogue.team, barberName) : undefined;
  if (barberName && !barber) return { skip: `Unknown barber "${barberName}"` };

  const name = oneLineText(first("name") || `${first("firstName")} ${first("lastName")}`);
  const checkedName = customerName.safeParse(name);
  if (!name || !checkedName.success) return { skip: name ? checkedName.error!.issues[0]!.message : "No client name" };
  const rawEmail = first("email");
  const email = rawEmail && customerEmail.safeParse(rawEmail).success ? rawEmail : "";
  const rawPhone = first("phone");
  const phone = rawPhone ? customerPhone.safeParse(e164Phone(rawPhone)) : undefined;
  if (!email && !phone?.success) return { skip: "Neither a valid e-mail nor a valid UK phone for the client" };
  return {
    titles: services.map((service) => service.title),
    input: {
      date: when.date,
      startTime,
      memberId: barber?.id,
      services: [...new Set(services.map((service) => service.id))],
      customerName: checkedName.data,
      customerEmail: email,
      customerPhone: phone?.success ? phone.data : "",
      notes: notesText(first("notes")).slice(0, 1000),
      smsConsent: false,
    },
  };
}

/**
 * Why the booking path refused a row, in an importer's words: a clash is another booking of the barber's (not
 * "someone else" a moment ago), and the calendar's "Outside hours" box, which an import has not, is left out.
 */
function rowReason(message: string, input: AppointmentRequest, team: readonly MemberSchedule[]) {
  if (message !== SLOT_TAKEN_MESSAGE) return message.replace(/\s*Tick "Outside hours".*$/, "");
  const barber = team.find((member) => member.id === input.memberId)?.name;
  return `Clashes with another booking of ${barber ?? "every barber who does these services"} at that time`;
}

export interface BookingImportOptions {
  mapping: Record<string, BookingField>;
  dryRun: boolean;
  /** Mail each customer their confirmation with the manage link (through the job queue). */
  notify: boolean;
  actor: { id: number; username: string };
  /** Seals each booking's manage link for the mails that carry it. */
  config: Config;
  now?: Date;
}

/**
 * Imports an appointments file, or with `dryRun` only says what importing it would do: every row booked in the
 * one transaction (refused rows skipped with their reason) with the audit entry, then kept or rolled back.
 */
export async function importBookings(
  ctx: ShopReads,
  file: ClientFile,
  options: BookingImportOptions,
): Promise<BookingImportResult> {
  const { db } = ctx;
  const now = options.now ?? clockNow();
  const reader = readFile(file, BOOKING_IMPORT_MAX_ROWS);
  const columns = columnsOf(reader.headers, options.mapping, detectedBookingField);
  const rows = await readingRows(async () => [...reader.rows]);
  const [services, team, shop] = await Promise.all([listServices(db), loadSchedules(ctx), ctx.settings()]);
  const catalogue = { services: new Map(services.map((service) => [lookupKey(service.title), service])), team };
  const result: BookingImportResult = {
    rows: rows.length,
    booked: 0,
    skip: [],
    notified: 0,
    preview: [],
    columns,
    dryRun: options.dryRun,
  };
  await withSavepoints(db, { commit: !options.dryRun }, async (trx) => {
    for (const [index, values] of rows.entries()) {
      const row = index + 2;
      const read = readBookingRow(values, columns, catalogue);
      if ("skip" in read) {
        result.skip.push({ row, reason: read.skip });
        continue;
      }
      let booking;
      try {
        ({ booking } = await importAppointment(
          { ...ctx, db: trx },
          {
            actor: { kind: "owner" },
            appointment: read.input,
            secrets: options.config,
            now,
          },
        ));
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        result.skip.push({ row, reason: rowReason(error.message, read.input, team) });
        continue;
      }
      result.booked++;
      if (options.notify && booking.customerEmail) {
        await queueImportedBookingMails(trx, booking, shop, now);
        result.notified++;
      }
      if (result.preview.length < PREVIEW_ROWS) result.preview.push(previewOf(row, read, booking));
    }
    if (!options.dryRun) {
      await recordAudit(trx, {
        actor: options.actor,
        kind: "bookings",
        action: "import bookings",
        targetId: null,
        targetLabel: `${file.name}: ${result.rows} rows, ${result.booked} booked, ${result.skip.length} skipped, ${result.notified} mailed`,
      });
    }
  });
  if (result.notified > 0 && !options.dryRun) nudgeJobWorkers();
  return result;
}

function previewOf(
  row: number,
  read: { input: AppointmentRequest; titles: string[] },
  booking: { reference: string; memberName: string | null },
): BookingPreviewRow {
  const { input } = read;
  return {
    row,
    date: input.date,
    startTime: input.startTime,
    services: read.titles,
    barber: booking.memberName ?? "",
    name: input.customerName,
    email: input.customerEmail,
    phone: input.customerPhone,
    notes: input.notes,
    reference: booking.reference,
  };
}
