import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Decision 049: the booking write module (this folder) is the one place that inserts a booking or writes its
 * time or status. This test reads every source under app/ and server/ and names each file outside this folder
 * that does `insertInto("bookings")`, or an `updateTable("bookings")` whose `.set(…)` names one of those columns.
 * Other updates of a booking (its mail status, its attendance, an erasure's blanked personal data) stay where
 * their feature is.
 */

const ROOT = join(import.meta.dirname, "..", "..", "..", "..");
const WRITE_FOLDER = "app/features/booking/write/";

/** A booking's time (the slot it holds, its length) and status, and the columns that go with a change of them. */
const TIME_AND_STATUS_COLUMNS = [
  "slot_id",
  "status",
  "sequence",
  "duration_minutes",
  "cancelled_by",
  "cancelled_at",
] as const;

const SOURCE = /\.(ts|tsx|mjs)$/;
const NOT_SOURCE = /\.(test|testing)\.tsx?$|\.d\.ts$/;
/** Migrations reshape the table as a whole, and the demo seed fills an empty database; neither is a booking's write. */
const SKIPPED = ["app/db/migrations/", "server/seed/"];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The text of one query: from its table call to the end of the chain (the first `;` or the next table call). */
function queries(text: string, call: RegExp) {
  return [...text.matchAll(call)].map((match) => {
    const start = match.index;
    const rest = text.slice(start + match[0].length);
    const end = rest.search(/;|\b(?:updateTable|insertInto|selectFrom|deleteFrom)\(/);
    return {
      line: text.slice(0, start).split("\n").length,
      query: text.slice(start, start + match[0].length + (end < 0 ? rest.length : end)),
    };
  });
}

const setsTimeOrStatus = (query: string) => {
  const set = query.slice(query.indexOf(".set("));
  return (
    query.includes(".set(") &&
    TIME_AND_STATUS_COLUMNS.some((column) => new RegExp(`(?<![\\w."'])${column}\\s*[:,}]`).test(set))
  );
};

/** Every write of a booking's row or time/status outside the write module, as `path:line`. */
function bookingWritesOutside(files: readonly { path: string; text: string }[]) {
  return files.flatMap(({ path, text }) => {
    if (path.startsWith(WRITE_FOLDER)) return [];
    const inserts = queries(text, /\.insertInto\(\s*["']bookings["']\s*\)/g);
    const updates = queries(text, /\.updateTable\(\s*["']bookings(?: as \w+)?["']\s*\)/g).filter((found) =>
      setsTimeOrStatus(found.query),
    );
    return [...inserts, ...updates].map((found) => `${path}:${found.line}`);
  });
}

const projectFiles = () =>
  ["app", "server"]
    .flatMap(sources)
    .filter((path) => !SKIPPED.some((skipped) => path.startsWith(skipped)))
    .map((path) => ({
      path: relative(ROOT, join(ROOT, path)).split(sep).join("/"),
      text: readFileSync(join(ROOT, path), "utf8"),
    }));

describe("one writer of a booking's time and status", () => {
  it("finds no insert of a booking, nor an update of its time or status, outside app/features/booking/write/", () => {
    expect(bookingWritesOutside(projectFiles())).toEqual([]);
  });

  it("finds the write module's own writes, so the scan reads the code it guards", () => {
    const own = projectFiles().filter((file) => file.path.startsWith(WRITE_FOLDER));
    const asIfElsewhere = own.map((file) => ({
      ...file,
      path: file.path.replace(WRITE_FOLDER, "app/features/elsewhere/"),
    }));
    const found = bookingWritesOutside(asIfElsewhere).map((where) => where.split(":")[0]);
    expect(found).toEqual(
      expect.arrayContaining([
        "app/features/elsewhere/insert.server.ts",
        "app/features/elsewhere/cancel.server.ts",
        "app/features/elsewhere/move.server.ts",
        "app/features/elsewhere/settle.server.ts",
      ]),
    );
  });

  it("fails on a write put back elsewhere, and leaves the other columns of a booking alone", () => {
    const file = (text: string) => [{ path: "app/features/payments/payments.server.ts", text }];
    expect(
      bookingWritesOutside(
        file(`await trx.updateTable("bookings").set({ status: "confirmed" }).where("id", "=", id).execute();`),
      ),
    ).toEqual(["app/features/payments/payments.server.ts:1"]);
    expect(
      bookingWritesOutside(
        file(
          `await db\n  .updateTable("bookings")\n  .set((eb) => ({ slot_id: slotId, sequence: eb("sequence", "+", 1) }))\n  .execute();`,
        ),
      ),
    ).toEqual(["app/features/payments/payments.server.ts:2"]);
    expect(bookingWritesOutside(file(`await trx.insertInto("bookings").values(row).execute();`))).toHaveLength(1);
    expect(
      bookingWritesOutside(
        file(`await db.updateTable("bookings").set({ mail_status: "sent" }).where("id", "=", id).execute();`),
      ),
    ).toEqual([]);
    expect(
      bookingWritesOutside(
        file(`await db.updateTable("bookings").set({ attendance }).where("id", "=", id).execute();`),
      ),
    ).toEqual([]);
  });
});
