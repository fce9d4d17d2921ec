import { expect, type APIRequestContext } from "@playwright/test";

/*
 * Reading server HTML the way a crawler does: one plain GET, no JavaScript, and
 * the <head> tags and JSON-LD picked out of the text.
 */

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };

export const decodeHtml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
    if (code[0] === "#")
      return String.fromCodePoint(code[1]?.toLowerCase() === "x" ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });

function attributes(tag: string) {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) found[match[1]!.toLowerCase()] = decodeHtml(match[2]!);
  return found;
}

export interface PageHead {
  status: number;
  html: string;
  title: string | undefined;
  /** content of <meta name=…> and <meta property=…>, by that name. */
  meta: Record<string, string>;
  canonical: string | undefined;
  jsonLd: Record<string, unknown>[];
}

export function readHead(html: string, status = 200): PageHead {
  const meta: Record<string, string> = {};
  for (const match of html.matchAll(/<meta\s[^>]*>/g)) {
    const attrs = attributes(match[0]);
    const key = attrs.name ?? attrs.property;
    if (key && attrs.content !== undefined && !(key in meta)) meta[key] = attrs.content;
  }
  const canonicalTag = [...html.matchAll(/<link\s[^>]*>/g)]
    .map((match) => attributes(match[0]))
    .find((attrs) => attrs.rel === "canonical");
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return {
    status,
    html,
    title: title === undefined ? undefined : decodeHtml(title),
    meta,
    canonical: canonicalTag?.href,
    jsonLd,
  };
}

/** A plain GET of a page, as a crawler or a browser without JavaScript gets it. */
export async function getPage(request: APIRequestContext, path: string): Promise<PageHead> {
  const response = await request.get(path, { headers: { accept: "text/html" } });
  return readHead(await response.text(), response.status());
}

/** The text of the page's body with tags removed, for "is this content in the HTML" checks. */
export const bodyText = (html: string) =>
  decodeHtml(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  );

export const jsonLdOfType = (head: PageHead, type: string) => {
  const found = head.jsonLd.find((data) => data["@type"] === type);
  expect(found, `JSON-LD of type ${type}`).toBeDefined();
  return found as Record<string, any>;
};

/**
 * Other specs add and delete content while these run (two workers, one server), so a
 * check that compares a page with the API reads both again until they agree.
 */
export const whenSettled = (check: () => Promise<void>) =>
  expect(check).toPass({ timeout: 30_000, intervals: [250, 500, 1000, 2000] });
