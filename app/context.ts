import type { Db } from "~/db/client.server";
import type { Mailer } from "~/lib/mailer.server";
import type { Config } from "../server/config";

/** What the API handlers and the page loaders share: one per process, nothing in it another instance needs. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
}

export interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
}

declare module "react-router" {
  interface AppLoadContext extends AppContext {
    user: SessionUser | null;
    /** Per-request CSP nonce for the inline scripts React Router renders. */
    cspNonce: string;
  }
}
