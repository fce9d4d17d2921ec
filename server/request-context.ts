import type { AppContext, RequestContext, ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { loadSettings } from "~/features/settings/settings.server";

/**
 * The context of one API request, page load or job run: the one place that loads the shop's settings, lazily
 * (a request that never asks reads nothing) and once (every function after the first gets the same answer).
 * `knownVersion` is the content version the response cache already read for this request.
 */
export function requestContext(ctx: AppContext, knownVersion?: number): RequestContext {
  return { ...ctx, settings: settingsOnce(ctx.db, knownVersion) };
}

/** The database and its settings read once, for work that has no request around it (seeding, scripts, tests). */
export function shopReads(db: Db): ShopReads {
  return { db, settings: settingsOnce(db) };
}

function settingsOnce(db: Db, knownVersion?: number) {
  let settings: Promise<ShopSettings> | undefined;
  return () => (settings ??= loadSettings(db, knownVersion));
}
