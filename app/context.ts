import type { Db } from "~/db/client.server";
import type { MediaStorage } from "~/features/media/media-storage.server";
import type { ShopSettings } from "~/features/settings/settings.schema";
import type { Mailer } from "~/lib/mailer.server";
import type { Config } from "~/config.server";
import type { OpenApiDocument } from "~/lib/api-reference.server";

/** What the API handlers and the page loaders share: one per process, nothing in it another instance needs. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Where uploads are kept: DATA_DIR/uploads or a shared bucket (MEDIA_STORAGE_URL). */
  storage: MediaStorage;
}

/**
 * What one API request, page load or job run works with: the process's context and the shop's settings, read
 * at most once for it however many functions ask. Only its builders (server/request-context.ts) load the
 * settings; a feature function takes them from here (decision 051).
 */
export interface RequestContext extends AppContext {
  settings: () => Promise<ShopSettings>;
  /**
   * The public-content version (app/db/content-version.server.ts) as this request first read it: what is kept in
   * memory of the shop's content (its settings, the team's schedules) is reused while the version is unchanged.
   */
  contentVersion: () => Promise<number>;
}

/** What a feature function needs to read the shop: the database, the request's settings and content version. */
export type ShopReads = Pick<RequestContext, "db" | "settings" | "contentVersion">;

export interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
}

/** A request the server refused before any page saw it (a body too large): the site's error page answers. */
export interface PageRefusal {
  status: number;
  message: string;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {
    user: SessionUser | null;
    /** The client's address as the rate limits count it (behind TRUST_PROXY, from X-Forwarded-For). */
    clientKey: string;
    /** Per-request CSP nonce for the inline scripts React Router renders. */
    cspNonce: string;
    /** The REST API's OpenAPI document, built from the routes this process mounts (no HTTP call to itself). */
    openApiDocument: () => OpenApiDocument;
    refusal?: PageRefusal;
  }
}
