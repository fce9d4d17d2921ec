import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** The widths every screen is checked at: a laptop and a phone. */
export const AXE_VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core in the page itself, asking for violations only. `@axe-core/playwright` took about 3 s a
 * page here against 0.8 s for this: it injects axe into every frame on every call, opens a second page to
 * merge the frames' results, and collects the details of every passing check, which we never read.
 * Frames are left out: the only one is the contact page's map, Google's page, not ours.
 */
async function violationsOf(page: Page, tags: string[]) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const options: RunOptions = { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], iframes: false };
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    options,
  );
}

/**
 * Fails with the rule and the elements for every serious or critical axe-core violation on the page as it
 * stands: WCAG 2.2 AA, plus axe's best practices where `bestPractice` is set (the admin screens).
 */
export async function expectNoSeriousViolations(page: Page, label: string, { bestPractice = false } = {}) {
  // A menu or dialog still fading in reads as low contrast: check the page as it settles, once every
  // finite animation and transition has run.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await violationsOf(page, bestPractice ? [...WCAG_TAGS, "best-practice"] : WCAG_TAGS);
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}
