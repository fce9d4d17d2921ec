import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The dependency rules of decision 051 on snippets placed where they would live: an import cycle and a deep
 * import into another feature must fail `npm run lint` (which itself checks the whole tree with them on).
 * The cycle rule reads the other modules from disk, so each snippet closes a loop through real ones.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function errorsOf(ruleId: string, filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

const use = (name: string) => `\nexport const used = [${name}];\n`;

describe("no import cycle", () => {
  it("fails when the shop's opening hours import the booking side that reads them", async () => {
    const errors = await errorsOf(
      "import-x/no-cycle",
      "app/features/settings/opening-hours.ts",
      'import { settleScheduleChange } from "~/features/booking/index.server";' + use("settleScheduleChange"),
    );
    expect(errors).toEqual([expect.stringMatching(/^Dependency cycle/)]);
  });

  it("fails on a cycle inside one feature", async () => {
    const errors = await errorsOf(
      "import-x/no-cycle",
      "app/features/settings/settings.server.ts",
      'import { loadBankHolidays } from "./bank-holidays.server";' + use("loadBankHolidays"),
    );
    expect(errors).toEqual([expect.stringMatching(/^Dependency cycle/)]);
  });

  it("passes when the booking side imports the settings", async () => {
    const errors = await errorsOf(
      "import-x/no-cycle",
      "app/features/booking/settings-user.server.ts",
      'import { closedReason } from "~/features/settings";' + use("closedReason"),
    );
    expect(errors).toEqual([]);
  });
});

describe("a feature imports another only through its entry", () => {
  it.each([
    ["by the ~ alias", 'import { loadBooking } from "~/features/booking/booking-record.server";', "loadBooking"],
    ["by a relative path", 'import { loadBooking } from "../booking/booking-record.server";', "loadBooking"],
    ["for a type only", 'import type { BookingRecord } from "~/features/booking/booking-record.server";', "0"],
    [
      "into a component",
      'import { ShopPhoneLink } from "~/features/settings/components/shop-phone-link";',
      "ShopPhoneLink",
    ],
  ])("fails on a deep import %s", async (_case, line, name) => {
    const errors = await errorsOf(
      "feature-entries/through-entry",
      "app/features/waitlist/wrong.server.ts",
      line + use(name),
    );
    expect(errors).toEqual([expect.stringContaining('through its entry: "~/features/')]);
  });

  it.each([
    [
      "another feature's entry",
      "app/features/waitlist/right.server.ts",
      'import { loadBooking } from "~/features/booking/index.server";\nimport { ShopPhoneLink } from "~/features/settings";',
      "loadBooking, ShopPhoneLink",
    ],
    [
      "a module of its own feature",
      "app/features/booking/right.server.ts",
      'import { loadBooking } from "./booking-record.server";',
      "loadBooking",
    ],
    [
      "a route composing features",
      "app/routes/right.tsx",
      'import { loadBooking } from "~/features/booking/booking-record.server";',
      "loadBooking",
    ],
  ])("passes on %s", async (_case, filePath, line, names) => {
    expect(await errorsOf("feature-entries/through-entry", filePath, line + use(names))).toEqual([]);
  });

  it("covers a feature folder added later without a change to the rule", async () => {
    const errors = await errorsOf(
      "feature-entries/through-entry",
      "app/features/new-feature/new.server.ts",
      'import { loadBooking } from "~/features/booking/booking-record.server";' + use("loadBooking"),
    );
    expect(errors).toHaveLength(1);
  });

  it("allows re-exports only in a feature's entry", async () => {
    const code = 'export { loadBooking } from "./booking-record.server";\n';
    expect(
      await errorsOf("feature-entries/re-exports-only-in-entries", "app/features/booking/all.ts", code),
    ).toHaveLength(1);
    expect(
      await errorsOf("feature-entries/re-exports-only-in-entries", "app/features/booking/index.server.ts", code),
    ).toEqual([]);
  });
});
