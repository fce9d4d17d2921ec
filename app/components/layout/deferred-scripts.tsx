import { Scripts } from "react-router";

/** Fired by entry.client.tsx once hydrateRoot has been called; the page's load event waits for it. */
export const HYDRATION_STARTED_EVENT = "app:hydration-started";

/**
 * The first paint needs only the HTML and the stylesheet, so the page's scripts are not requested until
 * it has happened (decision 017). React Router's scripts are rendered inside `<noscript>`: a browser with
 * JavaScript keeps them as text and requests nothing, one without JavaScript ignores them as before. The
 * inline script below parses that text after the first contentful paint and inserts the scripts, which
 * then run exactly as React Router wrote them (nonces included). React does not render `<noscript>`
 * children in the browser, so the element hydrates as it is.
 *
 * The loader data React Router streams into the page comes in scripts after this one, which hand it to
 * `window.__reactRouterContext.streamController`: until the real context exists, a stand-in keeps the
 * chunks and they are passed on, in order, the moment the scripts start.
 *
 * Until hydration has started the page's load event is held back (an iframe whose document stays open
 * delays its parent's load), so "the page has loaded" still means "the page answers clicks", as it did when
 * the scripts were in the HTML: tests and audits that wait for load see the same page. The hold is released
 * after 15 seconds whatever happens, so a script that fails never leaves the page loading forever.
 */
const startAfterFirstPaint = `(() => {
  /* The CSP allows no eval, so zod must not even probe for it (new Function) or the browser reports a policy
     violation. zod 4 probes as it builds its first object schema, which modules do as they load, in the order
     imported below: so the setting it reads from this global is made before any module runs. Pages that never
     validate a form do not download zod just to configure it. (tests/e2e/public-layout.spec.ts fails on any
     CSP violation, should zod rename it.) */
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });
  const scripts = document.getElementById("app-scripts");
  const early = [];
  let ended = false;
  window.__reactRouterContext = {
    streamController: { enqueue: (chunk) => early.push(chunk), close: () => { ended = true; } },
  };
  const hold = document.createElement("iframe");
  hold.hidden = true;
  hold.title = "";
  hold.setAttribute("aria-hidden", "true");
  document.body.append(hold);
  const held = hold.contentDocument;
  held.open();
  const release = () => { held.close(); hold.remove(); };
  addEventListener("${HYDRATION_STARTED_EVENT}", release, { once: true });
  setTimeout(release, 15000);
  /* One long task would block a tap on a slow phone, so the work goes in short ones: the preload links a
     few at a time, then each module's top level on its own (React Router lists them in the order they run,
     so each import runs about one module), then React Router's scripts, which find their modules ready.
     Not the entry: it hydrates. */
  const nextTask = () =>
    window.scheduler?.yield ? window.scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    const fragment = document.createRange().createContextualFragment(scripts.textContent);
    const preloads = [...fragment.querySelectorAll("link[rel=modulepreload]")];
    const routerScripts = [...fragment.querySelectorAll("script")];
    const entries = routerScripts.flatMap((script) =>
      [...script.textContent.matchAll(/import\\("([^"]+)"\\)/g)].map((match) => new URL(match[1], location.href).href),
    );
    for (let index = 0; index < preloads.length; index += 4) {
      document.head.append(...preloads.slice(index, index + 4));
      await nextTask();
    }
    for (const preload of preloads) {
      if (entries.includes(preload.href)) continue;
      await import(preload.href).catch(() => {});
      await nextTask();
    }
    document.head.append(...routerScripts);
    const stream = window.__reactRouterContext.streamController;
    for (const chunk of early) stream.enqueue(chunk);
    if (ended) stream.close();
  };
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (painted() || !(PerformanceObserver.supportedEntryTypes || []).includes("paint")) {
    requestAnimationFrame(() => setTimeout(start));
  } else {
    // Or the observer's own entries: a test's fake clock (Playwright's page.clock) replaces window.performance.
    new PerformanceObserver((list, observer) => {
      if (!painted() && list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
  }
})();`;

export function DeferredScripts({ nonce }: { nonce?: string }) {
  return (
    <>
      {/* A dialog marks everything beside it aria-hidden (but scripts and their ancestors), which HTML forbids
          on <noscript> and <link>: the wrapper takes the mark, and the scripts start in <head>, which a
          dialog leaves alone. */}
      <div>
        <noscript id="app-scripts">
          <Scripts nonce={nonce} />
        </noscript>
      </div>
      {/* Browsers hide a nonce from the DOM once parsed, so the attribute never matches when hydrating. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: startAfterFirstPaint }} />
    </>
  );
}
