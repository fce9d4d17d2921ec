import type { Request, RequestHandler, Response } from "express";
import type { AppContext, SessionUser } from "~/context";
import { recordAudit } from "~/features/audit/audit.server";
import { customerFingerprint } from "~/features/customers/customer-fingerprint.server";

/*
 * The audit log is written here and nowhere else: every successful write by a signed-in admin, through
 * the API or an admin page's form, and every export of a customer's data, is recorded from its method
 * and path (plus, for a few resources, a name taken from the answer) before the answer goes out. Request
 * bodies are never read, so no password, code or customer message can end up in the log; a customer's
 * e-mail address in a path is kept only as its fingerprint (decision 018).
 */

interface AuditedCall {
  kind: string;
  action: string;
  targetId: string | null;
  /** The customer the path names; the log keeps only its fingerprint, as the target id. */
  customerEmail?: string;
  /** The field of the JSON answer that names what was written, when one does. */
  labelFields: readonly string[];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const VERBS: Record<string, string> = { POST: "create", PUT: "update", PATCH: "update", DELETE: "delete" };

/** Sign-in and sign-out change no shop data; they are not admin writes. */
const NOT_AUDITED = new Set(["POST /login", "POST /login/verify", "POST /logout"]);

/** Writes whose plain verb would not say what happened, keyed by method and path with ids as `:id`. */
const ACTIONS: Record<string, string> = {
  "POST /accounts": "add admin",
  "DELETE /accounts/:id": "remove admin",
  "PUT /accounts/me/password": "change own password",
  "POST /accounts/me/two-factor/setup": "start two-factor setup",
  "POST /accounts/me/two-factor/confirm": "turn on two-factor",
  "POST /accounts/me/two-factor/disable": "turn off two-factor",
  "POST /gallery/categories": "create category",
  "DELETE /gallery/categories/:id": "delete category",
  "POST /booking-slots/:id/cancel": "cancel booking",
  "POST /bookings/:id/charge": "charge no-show fee",
  "POST /bookings/:id/refund": "refund payment",
  "POST /bookings/:id/payment-link": "mail fee payment link",
  "POST /bookings/manage/:token/cancel": "cancel booking by its private link",
  "POST /bookings/manage/:token/reschedule": "move booking by its private link",
  "POST /media": "upload",
  "GET /customers/:email/export": "export customer data",
  "DELETE /customers/:email": "erase customer",
  "PUT /customers/:email/notes": "update customer notes",
};

/** Reads that are recorded all the same: they hand a customer's personal data out of the shop. */
const AUDITED_READS = new Set(["GET /customers/:email/export"]);

/** Resources whose answer names the item; others (bookings, contact messages) hold personal data, so no label. */
const LABEL_FIELDS: Record<string, readonly string[]> = {
  services: ["title"],
  products: ["name"],
  gallery: ["title", "name"],
  blog: ["title"],
  faqs: ["question"],
  accounts: ["username"],
};

const ID = /^\d+$/;
const WORD = /^[a-z][a-z-]{0,30}$/;

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Describes an /api call from its method and path (relative to /api): a write, or one of the audited
 * reads; null when it is not audited.
 */
export function describeApiCall(method: string, path: string): AuditedCall | null {
  const segments = path.split("/").filter(Boolean);
  const kind = segments[0];
  if (!kind) return null;
  // `/customers/{email}/…`: the segment after the resource is the customer's address.
  const customerEmail = kind === "customers" && segments[1] ? decodeSegment(segments[1]) : undefined;
  // Ids become ":id"; anything else that is not a plain word (a customer's private link token) is dropped.
  const shape = segments.map((segment, index) =>
    customerEmail !== undefined && index === 1
      ? ":email"
      : ID.test(segment)
        ? ":id"
        : WORD.test(segment)
          ? segment
          : ":token",
  );
  const route = `${method} /${shape.join("/")}`;
  if (NOT_AUDITED.has(route) || (SAFE_METHODS.has(method) && !AUDITED_READS.has(route))) return null;
  return {
    kind,
    action: ACTIONS[route] ?? VERBS[method] ?? method.toLowerCase(),
    targetId: segments.find((segment) => ID.test(segment)) ?? null,
    ...(customerEmail === undefined ? {} : { customerEmail }),
    labelFields: LABEL_FIELDS[kind] ?? [],
  };
}

/** Describes a form posted to an admin screen (`/admin/<screen>`, or its `.data` request when hydrated). */
export function describeAdminPageAction(method: string, path: string): AuditedCall | null {
  if (SAFE_METHODS.has(method)) return null;
  const screen = /^\/admin\/([a-z-]+)(?:\.data)?\/?$/i.exec(path)?.[1];
  return screen ? { kind: screen.toLowerCase(), action: "form", targetId: null, labelFields: [] } : null;
}

function labelOf(body: unknown, fields: readonly string[]) {
  if (!body || typeof body !== "object") return null;
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === "string" && value) return value;
  }
  return null;
}

type End = Response["end"];

/**
 * Holds back the end of a successful audited call until its entry is stored, so an answered write is
 * always in the log (and a test can read it at once). A call that failed (4xx/5xx) is not recorded.
 */
export function auditAdminWrites(
  ctx: AppContext,
  describe: (method: string, path: string) => AuditedCall | null,
): RequestHandler {
  return (req: Request, res: Response, next) => {
    const actor = res.locals.user as SessionUser | null | undefined;
    const description = actor?.isAdmin ? describe(req.method, req.path) : null;
    if (!actor || !description) return next();

    let answer: unknown;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      answer = body;
      return json(body);
    };
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let recorded = false;
    res.end = ((...args: unknown[]) => {
      if (recorded || res.statusCode >= 400) return end(...args);
      recorded = true;
      recordAudit(ctx.db, {
        actor,
        kind: description.kind,
        action: description.action,
        targetId:
          description.customerEmail === undefined
            ? description.targetId
            : customerFingerprint(ctx.config, description.customerEmail),
        targetLabel: labelOf(answer, description.labelFields),
      })
        .catch((error: Error) => console.error(`Audit log write failed: ${error.message}`))
        .finally(() => end(...args));
      return res;
    }) as End;
    next();
  };
}
