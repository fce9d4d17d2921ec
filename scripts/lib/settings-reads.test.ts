import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The shop's settings are read once per request or job run by the context's builder
 * (server/request-context.ts) and passed down as `ctx.settings()` (decision 051). A feature function that
 * loads them itself reads them again: besides the builder, only the settings feature itself, the demo seed (before
 * any request) and nothing else may call the loader.
 */
const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.(test|testing)\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("the settings loader", () => {
  it("is called by the context's builder and by no feature function", () => {
    const callers = [...sources("app"), ...sources("server")].filter((file) =>
      /\bloadSettings\(/.test(fs.readFileSync(path.join(root, file), "utf8")),
    );
    const expected = [
      "app/features/settings/settings.server.ts",
      // The settings' own read-modify-write (a bank holiday closed is a closure added): it must read them afresh.
      "app/features/settings/bank-holidays.server.ts",
      "server/request-context.ts",
      "server/seed/seed.ts",
    ];
    expect(callers.toSorted()).toEqual(expected.toSorted());
  });
});
