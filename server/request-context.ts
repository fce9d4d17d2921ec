import type { AppContext, RequestContext, ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { loadSettings } from "~/features/settings/settings.server";
import { contentVersion } from "~/db/content-version.server";

/**
 * The context of one API request, page load or job run: the one place that loads the shop's settings, lazily
 * (a request that never asks reads nothing) and once (every function after the first gets the same answer).
 * `knownVersion` is the content version the response cache already read for this request.
 */
export function requestContext(ctx: AppContext, knownVersion?: number): RequestContext {
  return { ...ctx, ...shopReads(ctx.db, knownVersion) };
}

/**
 * The database with its content version and settings, each read at most once: a request's (above), or work with
 * no request around it (seeding, scripts, tests).
 */
export function shopReads(db: Db, knownVersion?: number): ShopReads {
  let version: Promise<number> | undefined;
  let settings: Promise<ShopSettings> | undefined;
  const versionOnce = () =>
    (version ??= knownVersion === undefined ? contentVersion(db) : Promise.resolve(knownVersion));
  return {
    db,
    contentVersion: versionOnce,
    settings: () => (settings ??= versionOnce().then((read) => loadSettings(db, read))),
  };
}
