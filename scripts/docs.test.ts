import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The documentation a newcomer reads first must not drift from the code: every environment variable the code
 * reads is on docs/configuration.md, every decision record carries its Date and Status and is in the index, and
 * every link between the pages leads somewhere.
 */

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(file, keep);
    return keep(file) ? [file] : [];
  });
}

/** Variables of the process or the shell that the code reads but this project does not define. */
const NOT_OURS = new Set(["PATH", "HOME", "TZ", "PLAYWRIGHT_JSON_OUTPUT_NAME"]);

/** The source files that may read the environment: TypeScript and JavaScript, and the extensionless scripts. */
const isSource = (file: string) =>
  /\.(ts|tsx|mjs|cjs|js)$/.test(file) || (file.startsWith("scripts/") && !path.basename(file).includes("."));

function variablesReadByTheCode() {
  const names = new Set<string>();
  for (const folder of ["app", "server", "scripts", "tests"]) {
    for (const file of filesUnder(folder, isSource)) {
      for (const match of read(file).matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[["']([A-Z][A-Z0-9_]*)["']\])/g)) {
        names.add(match[1] ?? match[2] ?? "");
      }
    }
  }
  // The site's own variables are the keys of the configuration schema, read through it rather than one by one.
  const schema = read("app/config.server.ts");
  for (const match of schema.matchAll(/^\s{4}([A-Z][A-Z0-9_]*): /gm)) names.add(match[1] ?? "");
  for (const match of read(".env.example").matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)) names.add(match[1] ?? "");
  return [...names].filter((name) => !NOT_OURS.has(name)).sort();
}

describe("docs/configuration.md", () => {
  it("names every environment variable the code reads", () => {
    const page = read("docs/configuration.md");
    const variables = variablesReadByTheCode();
    expect(variables).toContain("PUBLIC_URL");
    expect(variables).toContain("E2E_PORT");
    expect(variables.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });
});

const RECORD = /^(\d{3})-[a-z0-9-]+\.md$/;

describe("docs/decisions", () => {
  const records = fs.readdirSync(path.join(root, "docs/decisions")).filter((name) => RECORD.test(name));

  it.each(records)("%s has its title, then a Date and a Status line", (name) => {
    const lines = read(`docs/decisions/${name}`).split("\n");
    expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 3)}\\b`));
    const head = lines.slice(1, 6);
    expect(head.find((line) => line.startsWith("Date: "))).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
    const status = head.find((line) => line.startsWith("Status: "));
    expect(status).toMatch(/^Status: (accepted|superseded by \d{3})$/);
    const successor = status?.match(/superseded by (\d{3})/)?.[1];
    if (successor) expect(records.some((record) => record.startsWith(`${successor}-`))).toBe(true);
  });

  it("lists every record in its index, and nothing else", () => {
    const index = read("docs/decisions/README.md");
    const linked = [...index.matchAll(/\]\((\d{3}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1]);
    expect([...new Set(linked)].sort()).toEqual(records.toSorted());
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

function anchorsOf(markdown: string) {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...withoutCode.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1] ?? "")));
}

describe("links between the pages", () => {
  const pages = ["README.md", ...filesUnder("docs", (file) => file.endsWith(".md"))];
  const links = pages.flatMap((page) =>
    [
      ...read(page)
        .replace(/^```[\s\S]*?^```/gm, "")
        .matchAll(/\]\(([^)\s]+)\)/g),
    ]
      .map((match) => match[1] ?? "")
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
      .map((target) => ({ page, target })),
  );

  it("are found", () => {
    expect(links.length).toBeGreaterThan(20);
  });

  it.each(links)("$page → $target", ({ page, target }) => {
    const [file, anchor] = target.split("#");
    const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)) : page;
    expect(fs.existsSync(path.join(root, resolved)), `${resolved} exists`).toBe(true);
    if (anchor) {
      const document = fs.statSync(path.join(root, resolved)).isDirectory() ? `${resolved}/README.md` : resolved;
      expect([...anchorsOf(read(document))]).toContain(anchor);
    }
  });
});
