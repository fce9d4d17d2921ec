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
  // Written beside the change that made the request's context (issue 33's wait, issue 32's figures): to convert.
  "app/features/queue/queue-day.server.ts",
  "app/features/reports/appointments.server.ts",
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
      // The settings' own read-modify-write (a bank holiday closed is a closure added): it must read them afresh.
      "app/features/settings/bank-holidays.server.ts",
      "server/request-context.ts",
      "server/seed/seed.ts",
      ...STILL_LOADING,
    ];
    expect(callers.toSorted()).toEqual(expected.toSorted());
  });
});
