import type { Request, RequestHandler, Response } from "express";
import type { AppContext, SessionUser } from "~/context";
import { labelAudit, recordAudit, withdrawAudit } from "~/features/audit/audit.server";
import { fingerprintOfRecordKey } from "~/features/customer-identity/customer-fingerprint.server";

/*
 * The audit log of admin calls is written here: every write by a signed-in admin, through the API or an
 * admin page's form, and every read that hands customers' personal data out (a customer's record, the
 * customer and booking lists, the contact inbox, an export), is recorded from its method, path and query
 * (plus, for a few resources, a name taken from the answer). The entry is stored before the call runs:
 * when it cannot be, the call is refused and nothing happens unrecorded; a call that then fails (4xx/5xx)
 * takes its entry back (decision 022). Request bodies are never read, so no password, code or customer
 * message can end up in the log; the customer a path names (by number, or by an old key such as an e-mail
 * address) is kept only as their fingerprint (decisions 018, 041).
 */

interface AuditedCall {
  kind: string;
  action: string;
  targetId: string | null;
  /** The customer the path names (their number or an old record key); the log keeps only their fingerprint. */
  customerKey?: string;
  /** The field of the JSON answer that names what was written, when one does. */
  labelFields: readonly string[];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const VERBS: Record<string, string> = { POST: "create", PUT: "update", PATCH: "update", DELETE: "delete" };

/**
 * Sign-in and sign-out change no shop data; they are not admin writes. The imports write their own entries (the
 * file's name and the counts) in their transactions, and a dry run changes nothing; a shop export changes nothing
 * but is logged by its handler once the password is confirmed. The till's refunds and the day's close write
 * their own too (the sale's number and the amount; the day and its difference), from the API and the screens alike.
 */
const NOT_AUDITED = new Set([
  "POST /login",
  "POST /login/verify",
  "POST /logout",
  "POST /import/customers",
  "POST /import/bookings",
  "POST /sales/:id/refund",
  "POST /till/:token/close",
]);

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
  "POST /bookings": "book for a caller",
  "PATCH /booking-slots/:id": "book slot",
  "POST /booking-slots/:id/cancel": "cancel booking",
  "POST /bookings/:id/charge": "charge no-show fee",
  "POST /bookings/:id/refund": "refund payment",
  "POST /bookings/:id/payment-link": "mail fee payment link",
  "POST /bookings/:id/keep-deposit": "keep deposit",
  "POST /bookings/manage/:token/cancel": "cancel booking by its private link",
  "POST /bookings/manage/:token/reschedule": "move booking by its private link",
  "POST /bookings/:id/move": "move booking",
  "POST /bookings/walk-in": "record walk-in",
  "POST /team/:id/blocks": "block time",
  "DELETE /team/:id/blocks/:id": "remove block",
  "POST /team/:id/calendar-feed": "renew calendar feed",
  "POST /calendar-feed": "renew shop calendar feed",
  "POST /media": "upload",
  "GET /customers/:customer/export": "export customer data",
  "DELETE /customers/:customer": "erase customer",
  "PUT /customers/:customer/notes": "update customer notes",
  "DELETE /waitlist/:id": "remove from waitlist",
  "POST /queue/:id/call": "call walk-in",
  "POST /queue/:id/serve": "serve walk-in",
  "POST /queue/:id/done": "finish walk-in",
  "POST /queue/:id/remove": "remove from queue",
  "POST /gift-cards/issue": "issue gift card",
  "POST /gift-cards/:token/void": "void gift card",
  "POST /gift-cards/:token/redeem": "take payment from gift card",
  "POST /sales": "ring up sale",
  "POST /sales/:id/void": "void sale",
  "POST /sales/:id/payments": "take payment",
  "POST /sales/:id/payments/:id/cancel": "cancel payment on the card reader",
  "POST /terminal/readers": "register card reader",
  "DELETE /terminal/readers/:token": "remove card reader",
  "POST /membership-plans": "create membership plan",
  "PUT /membership-plans/:id": "change membership plan",
  "DELETE /membership-plans/:id": "retire membership plan",
};

/** Reads that are recorded all the same: they hand customers' personal data out, by what they do. */
const AUDITED_READS: Record<string, string> = {
  "GET /customers/:customer/export": "export customer data",
  "GET /customers/:customer": "view customer",
  "GET /customers": "view customer list",
  "GET /contact/submissions": "view contact messages",
  "GET /waitlist": "view waitlist",
  "GET /queue/entries": "view walk-in queue",
  "GET /gift-cards": "view gift cards",
  "GET /memberships": "view memberships",
};

/** The admin's list of slots with who booked them, which the same path answers without, to anyone. */
const ADMIN_BOOKING_LIST = "GET /booking-slots";

/**
 * Resources whose answer names the item. A booking is named by its reference (never by its customer); others
 * (contact messages) hold personal data, so no label.
 */
const LABEL_FIELDS: Record<string, readonly string[]> = {
  bookings: ["reference"],
  "booking-slots": ["reference"],
  services: ["title"],
  products: ["name"],
  gallery: ["title", "name"],
  blog: ["title"],
  faqs: ["question"],
  accounts: ["username"],
  sales: ["number"],
  terminal: ["label"],
};

/** A table's own entry: the key comes from the request, and `constructor` or `__proto__` must not find Object's. */
const entryOf = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

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
 * Describes an /api call from its method, path (relative to /api) and query: a write, or one of the
 * audited reads; null when it is not audited.
 */
export function describeApiCall(method: string, path: string, query: Request["query"] = {}): AuditedCall | null {
  const segments = path.split("/").filter(Boolean);
  const kind = segments[0];
  if (!kind) return null;
  // `/customers/{key}/…`: the segment after the resource names the customer.
  const customerKey = kind === "customers" && segments[1] ? decodeSegment(segments[1]) : undefined;
  // Ids become ":id"; anything else that is not a plain word (a customer's private link token) is dropped.
  const shape = segments.map((segment, index) =>
    customerKey !== undefined && index === 1
      ? ":customer"
      : ID.test(segment)
        ? ":id"
        : WORD.test(segment)
          ? segment
          : ":token",
  );
  const route = `${method} /${shape.join("/")}`;
  const read =
    route === ADMIN_BOOKING_LIST
      ? query.admin === "true"
        ? "view booking list"
        : undefined
      : entryOf(AUDITED_READS, route);
  if (NOT_AUDITED.has(route) || (SAFE_METHODS.has(method) && !read)) return null;
  return {
    kind,
    action: read ?? entryOf(ACTIONS, route) ?? entryOf(VERBS, method) ?? method.toLowerCase(),
    targetId: customerKey === undefined ? (segments.find((segment) => ID.test(segment)) ?? null) : null,
    ...(customerKey === undefined ? {} : { customerKey }),
    labelFields: entryOf(LABEL_FIELDS, kind) ?? [],
  };
}

/** Admin screens whose page shows customers' personal data, by what seeing them is. */
const AUDITED_SCREENS: Record<string, string> = {
  bookings: "view booking list",
  customers: "view customer list",
  contact: "view contact messages",
  waitlist: "view waitlist",
  "gift-cards": "view gift cards",
  memberships: "view memberships",
};

/**
 * Describes a request to an admin screen (`/admin/<screen>`, or its `.data` request when hydrated): a
 * form posted to it, or a look at a screen of customers' personal data (a customer's record is
 * `/admin/customers/<number>`); null when it is not audited.
 */
export function describeAdminPageRequest(method: string, path: string): AuditedCall | null {
  const record = /^\/admin\/customers\/([^/]+?)(?:\.data)?\/?$/i.exec(path)?.[1];
  const screen = /^\/admin\/([a-z-]+)(?:\.data)?\/?$/i.exec(path)?.[1]?.toLowerCase();
  if (SAFE_METHODS.has(method)) {
    if (record) {
      return {
        kind: "customers",
        action: "view customer",
        targetId: null,
        customerKey: decodeSegment(record),
        labelFields: [],
      };
    }
    const read = screen && entryOf(AUDITED_SCREENS, screen);
    return read ? { kind: screen, action: read, targetId: null, labelFields: [] } : null;
  }
  return screen ? { kind: screen, action: "form", targetId: null, labelFields: [] } : null;
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

const AUDIT_DOWN = "The audit log cannot be written just now, so nothing was done. Please try again in a moment.";

/**
 * Records an admin's audited call before it runs (a call the log cannot hold is answered 503 and never
 * runs), then holds back the end of its answer until the entry is settled: labelled from the answer, or
 * taken back when the call failed (4xx/5xx). So an answered call is always in the log, a refused one
 * never, and a test can read the log at once.
 */
export function auditAdminWrites(
  ctx: AppContext,
  describe: (method: string, path: string, query: Request["query"]) => AuditedCall | null,
): RequestHandler {
  return async (req: Request, res: Response, next) => {
    const actor = res.locals.user as SessionUser | null | undefined;
    const description = actor?.isAdmin ? describe(req.method, req.path, req.query) : null;
    if (!actor || !description) return next();

    let entryId: number;
    try {
      entryId = await recordAudit(ctx.db, {
        actor,
        kind: description.kind,
        // The owner's word that a move may go outside the hours is what the log must show.
        action:
          (req.body as { override?: unknown } | undefined)?.override === true
            ? `${description.action} outside hours`
            : description.action,
        targetId:
          description.customerKey === undefined
            ? description.targetId
            : await fingerprintOfRecordKey(ctx, description.customerKey),
        targetLabel: null,
      });
    } catch (error) {
      console.error(`Audit log write failed, so the call was refused: ${(error as Error).message}`);
      res.status(503);
      if (req.baseUrl === "/api") res.json({ message: AUDIT_DOWN });
      else res.type("text/plain").send(AUDIT_DOWN);
      return;
    }

    let answer: unknown;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      answer = body;
      return json(body);
    };
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let settled = false;
    res.end = ((...args: unknown[]) => {
      if (settled) return end(...args);
      settled = true;
      const label = labelOf(answer, description.labelFields);
      const settle =
        res.statusCode >= 400
          ? withdrawAudit(ctx.db, entryId)
          : label
            ? labelAudit(ctx.db, entryId, label)
            : Promise.resolve();
      settle
        .catch((error: Error) => console.error(`Audit log entry ${entryId} could not be settled: ${error.message}`))
        .finally(() => end(...args));
      return res;
    }) as End;
    next();
  };
}
