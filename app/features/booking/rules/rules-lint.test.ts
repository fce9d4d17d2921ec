import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * Decision 050: eslint.config.js keeps a feature's rules/ pure. Snippets linted as if they were a file in
 * app/features/booking/rules/: each import with I/O must be an error, each allowed one must pass.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../../../..") });
const RULES_FILE = "app/features/booking/rules/probe.ts";

async function importErrors(code: string) {
  const [result] = await eslint.lintText(code, { filePath: RULES_FILE });
  return result!.messages.filter(
    (message) => message.ruleId === "boundaries/dependencies" || message.ruleId === "no-restricted-imports",
  );
}

describe("the rules layer's lint", () => {
  it.each([
    ["the database", 'import { openDatabase } from "~/db/client.server";\nexport const used = [openDatabase];\n'],
    ["the database's types", 'import type { Row } from "~/db/database";\nexport type Used = Row<"bookings">;\n'],
    [
      "a server module",
      'import { loadSchedules } from "../availability.server";\nexport const used = [loadSchedules];\n',
    ],
    [
      "a server module of another feature",
      'import { loadSettings } from "~/features/settings/settings.server";\nexport const used = [loadSettings];\n',
    ],
    ["a Node builtin", 'import { readFileSync } from "node:fs";\nexport const used = [readFileSync];\n'],
    ["the clock", 'import { clockNow } from "~/lib/clock";\nexport const used = [clockNow];\n'],
    ["a package with I/O", 'import { Kysely } from "kysely";\nexport const used = [Kysely];\n'],
  ])("refuses an import of %s", async (_what, code) => {
    expect((await importErrors(code)).length).toBeGreaterThan(0);
  });

  it("allows other rules, schemas, date-fns, @date-fns/tz, zod and the pure time helpers", async () => {
    const code = [
      'import { addDays } from "date-fns";',
      'import { TZDate } from "@date-fns/tz";',
      'import { z } from "zod";',
      'import { memberStartTimes } from "./availability";',
      'import { SLOT_TAKEN_MESSAGE } from "../booking.schema";',
      'import type { ShopSettings } from "~/features/settings/settings.schema";',
      'import { toMinutes } from "~/lib/shop-time";',
      "export type Used = ShopSettings;",
      "export const used = [addDays, TZDate, z, memberStartTimes, SLOT_TAKEN_MESSAGE, toMinutes];",
      "",
    ].join("\n");
    expect(await importErrors(code)).toEqual([]);
  });
});
