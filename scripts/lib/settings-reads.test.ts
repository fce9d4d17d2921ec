import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The shop's settings are read once per request or job run by the context's builder
 * (server/request-context.ts) and passed down as `ctx.settings()` (decision 051). A feature function that
 * loads them itself reads them again. The files below still take a bare database handle and load them; each
 * is to be given the settings by its caller, and the list may only shrink: a new caller of the loader fails.
 */
const root = path.resolve(import.meta.dirname, "../..");

const STILL_LOADING = [
  "app/features/account/account.server.ts",
  "app/features/booking/availability.server.ts",
  "app/features/booking/booking-jobs.server.ts",
  "app/features/booking/booking-series.server.ts",
  "app/features/booking/calendar.server.ts",
  "app/features/booking/slots.server.ts",
  "app/features/booking/write/cancel.server.ts",
  "app/features/booking/write/create.server.ts",
  "app/features/contact/contact.server.ts",
  "app/features/customers/retention.server.ts",
  "app/features/payments/owner-payments.server.ts",
  "app/features/payments/payment-records.server.ts",
  "app/features/reviews/review-requests.server.ts",
  "app/features/settings/bank-holidays.server.ts",
  "app/features/settings/settings.api.ts",
  "app/features/team/team.server.ts",
  "app/features/waitlist/waitlist-offers.server.ts",
  "app/routes/admin/accounts.tsx",
];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.(test|testing)\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("the settings loader", () => {
  it("is called by the context's builder and by no new feature function", () => {
    const callers = [...sources("app"), ...sources("server")].filter((file) =>
      /\bloadSettings\(/.test(fs.readFileSync(path.join(root, file), "utf8")),
    );
    const expected = [
      "app/features/settings/settings.server.ts",
      "server/request-context.ts",
      "server/seed/seed.ts",
      ...STILL_LOADING,
    ];
    expect(callers.toSorted()).toEqual(expected.toSorted());
  });
});
