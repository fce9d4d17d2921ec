import type { AppContext, RequestContext } from "~/context";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { loadSettings } from "~/features/settings/settings.server";

/**
 * The context of one API request, page load or job run: the one place that loads the shop's settings, lazily
 * (a request that never asks reads nothing) and once (every function after the first gets the same answer).
 * `knownVersion` is the content version the response cache already read for this request.
 */
export function requestContext(ctx: AppContext, knownVersion?: number): RequestContext {
  let settings: Promise<ShopSettings> | undefined;
  return { ...ctx, settings: () => (settings ??= loadSettings(ctx.db, knownVersion)) };
}
