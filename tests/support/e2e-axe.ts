import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The widths every screen is checked at: a laptop and a phone. */
export const AXE_VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Fails with the rule and the elements for every serious or critical axe-core violation on the page as it stands. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}
