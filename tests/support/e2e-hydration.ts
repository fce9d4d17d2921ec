import type { Page } from "@playwright/test";

/** Sent by app/entry.client.tsx once hydrateRoot has been called (HYDRATION_STARTED_EVENT). */
const HYDRATION_STARTED = "app:hydration-started";

const watched = new WeakSet<Page>();

/**
 * Opens `path` and waits until the page has hydrated in full: its own app:hydration-started event has
 * fired, and then its main thread has been idle once.
 *
 * The load event (what `page.goto` waits for) only means hydration has started: measured here, at load
 * almost none of the page's elements were hydrated yet. React hydrates the layout's Suspense boundaries
 * in tasks of its own after that, and a click on a part not yet hydrated is hydrated on the spot, so most
 * specs need no more than load. A spec that reads what hydration itself does (errors, mismatches, requests
 * the page makes, the page at rest for axe or an animation's frames) waits here instead: the browser
 * runs an idle callback only once no task is queued, and React's scheduler queues its next task before it
 * yields, so the callback comes after the last boundary has hydrated and its effects have run (every
 * element React rendered was hydrated by then, on every public page). Unlike the old `networkidle`, this
 * neither waits for a quiet network nor passes while a slow machine is still hydrating.
 */
export async function gotoHydrated(page: Page, path: string) {
  if (!watched.has(page)) {
    watched.add(page);
    await page.addInitScript((event) => {
      addEventListener(
        event,
        () => ((window as unknown as { e2eHydrationStarted: boolean }).e2eHydrationStarted = true),
        {
          once: true,
        },
      );
    }, HYDRATION_STARTED);
  }
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { e2eHydrationStarted?: boolean }).e2eHydrationStarted);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}
