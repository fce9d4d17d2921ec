/*
 * The Billing half of the loopback Stripe double (issue 34's memberships), as Stripe's current API answers it:
 * Products, recurring Prices, Subscriptions (their period on the subscription item, as since API 2025-03-31),
 * Invoices (their subscription under `parent.subscription_details`), and billing portal sessions. A Checkout
 * session with mode=subscription, once paid, starts a subscription whose first invoice is paid; a test then
 * renews it (paid or declined), ends a period (a subscription set to cancel at its end is deleted) or cancels
 * it, and the double sends the events Stripe sends: invoice.paid, invoice.payment_failed,
 * customer.subscription.updated and customer.subscription.deleted.
 */

interface Answer {
  status: number;
  body: unknown;
}

export interface DoublePrice {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  product: string;
  unit_amount: number;
  type: "recurring";
  recurring: { interval: string; interval_count: number };
  metadata: Record<string, string>;
}

export interface DoubleSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled";
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: DoublePrice;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export interface DoubleInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid" | "open";
  currency: string;
  amount_due: number;
  amount_paid: number;
  billing_reason: "subscription_create" | "subscription_cycle";
  attempt_count: number;
  period_start: number;
  period_end: number;
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
}

interface BillingTools {
  nextId: (prefix: string) => string;
  signedEvent: (type: string, object: unknown) => { id: string; payload: string; signature: string };
  baseUrl: () => string;
  /** Stripe's clock, in seconds. */
  nowSeconds: () => number;
}

const DAY = 86_400;
/** One calendar month on from a moment (Stripe bills monthly on the same day of the month). */
function monthAfter(seconds: number) {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** The fields of a form-encoded object parameter (`metadata[purpose]=…` → `{purpose: …}`). */
export const bracketed = (params: Record<string, string>, name: string) =>
  Object.fromEntries(
    Object.entries(params)
      .filter(([key]) => key.startsWith(`${name}[`))
      .map(([key, value]) => [key.slice(name.length + 1, -1), value]),
  );

const missing = (kind: string, id: string): Answer => ({
  status: 404,
  body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'` } },
});

export function billingDouble(tools: BillingTools) {
  const products = new Map<string, { id: string; object: "product"; name: string; active: boolean }>();
  const prices = new Map<string, DoublePrice>();
  const subscriptions = new Map<string, DoubleSubscription>();
  const invoices = new Map<string, DoubleInvoice>();
  const portalSessions = new Map<string, { id: string; customer: string; return_url: string; url: string }>();
  /** Events a request made, delivered after its answer (the main double sends them). */
  const pending: { payload: string; signature: string }[] = [];

  /** Stripe's answer to a Billing call, or undefined for another path. */
  function answer(method: string, path: string, params: Record<string, string>): Answer | undefined {
    const ok = (body: unknown): Answer => ({ status: 200, body });
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/products") {
      const product = { id: tools.nextId("prod"), object: "product" as const, name: params.name ?? "", active: true };
      products.set(product.id, product);
      return ok({ ...product, description: params.description ?? null, metadata: bracketed(params, "metadata") });
    }
    if ((match = path.match(/^\/v1\/products\/([^/]+)$/))) {
      const product = products.get(match[1]!);
      if (!product) return missing("product", match[1]!);
      if (method === "POST") {
        if (params.name) product.name = params.name;
        if (params.active) product.active = params.active === "true";
      }
      return ok(product);
    }
    if (method === "POST" && path === "/v1/prices") {
      if (!products.has(params.product ?? "")) return missing("product", params.product ?? "");
      if (!params["recurring[interval]"]) {
        return { status: 400, body: { error: { type: "invalid_request_error", message: "Missing recurring" } } };
      }
      const price: DoublePrice = {
        id: tools.nextId("price"),
        object: "price",
        active: true,
        currency: params.currency ?? "gbp",
        product: params.product!,
        unit_amount: Number(params.unit_amount),
        type: "recurring",
        recurring: {
          interval: params["recurring[interval]"],
          interval_count: Number(params["recurring[interval_count]"] ?? 1),
        },
        metadata: bracketed(params, "metadata"),
      };
      prices.set(price.id, price);
      return ok(price);
    }
    if ((match = path.match(/^\/v1\/prices\/([^/]+)$/))) {
      const price = prices.get(match[1]!);
      if (!price) return missing("price", match[1]!);
      if (method === "POST" && params.active) price.active = params.active === "true";
      return ok(price);
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing("subscription", match[1]!);
      if (method === "POST" && params.cancel_at_period_end) {
        if (subscription.status === "canceled") {
          return {
            status: 400,
            body: {
              error: {
                type: "invalid_request_error",
                message: "A canceled subscription can only update its cancellation_details and metadata.",
              },
            },
          };
        }
        subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
        pending.push(tools.signedEvent("customer.subscription.updated", { ...subscription }));
      }
      if (method === "DELETE") cancel(subscription);
      return ok(subscription);
    }
    if (method === "GET" && (match = path.match(/^\/v1\/invoices\/([^/]+)$/))) {
      const invoice = invoices.get(match[1]!);
      return invoice ? ok(invoice) : missing("invoice", match[1]!);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!params.customer) {
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "Missing required param: customer." } },
        };
      }
      const id = tools.nextId("bps");
      const session = {
        id,
        customer: params.customer,
        return_url: params.return_url ?? "",
        url: `${tools.baseUrl()}/portal/${id}`,
      };
      portalSessions.set(id, session);
      return ok({ object: "billing_portal.session", livemode: false, ...session });
    }
    return undefined;
  }

  function invoiceFor(subscription: DoubleSubscription, reason: DoubleInvoice["billing_reason"], paid: boolean) {
    const item = subscription.items.data[0]!;
    const invoice: DoubleInvoice = {
      id: tools.nextId("in"),
      object: "invoice",
      customer: subscription.customer,
      status: paid ? "paid" : "open",
      currency: item.price.currency,
      amount_due: item.price.unit_amount,
      amount_paid: paid ? item.price.unit_amount : 0,
      billing_reason: reason,
      attempt_count: 1,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function cancel(subscription: DoubleSubscription) {
    if (subscription.status === "canceled") return [];
    subscription.status = "canceled";
    subscription.canceled_at = tools.nowSeconds();
    return [tools.signedEvent("customer.subscription.deleted", { ...subscription })];
  }

  return {
    answer,
    pending,
    products,
    prices,
    subscriptions,
    invoices,
    portalSessions,
    /** A subscription session paid: its subscription starts now, its first invoice paid (events: invoice.paid). */
    startSubscription(customer: string, priceId: string, subscriptionMetadata: Record<string, string>) {
      const price = prices.get(priceId);
      if (!price) throw new Error(`No price ${priceId}`);
      const start = tools.nowSeconds();
      const subscription: DoubleSubscription = {
        id: tools.nextId("sub"),
        object: "subscription",
        customer,
        status: "active",
        cancel_at_period_end: false,
        canceled_at: null,
        latest_invoice: null,
        metadata: subscriptionMetadata,
        items: {
          object: "list",
          data: [
            {
              id: tools.nextId("si"),
              object: "subscription_item",
              price,
              quantity: 1,
              current_period_start: start,
              current_period_end: monthAfter(start),
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      const invoice = invoiceFor(subscription, "subscription_create", true);
      return { subscription, invoice, events: [tools.signedEvent("invoice.paid", { ...invoice })] };
    },
    /**
     * The period ends and Stripe bills the next: paid (the period moves on; invoice.paid) or declined (the
     * subscription goes past_due; invoice.payment_failed). A subscription set to cancel at its period's end is
     * deleted instead (customer.subscription.deleted).
     */
    renew(id: string, { decline = false } = {}) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`No subscription ${id}`);
      if (subscription.cancel_at_period_end) return cancel(subscription);
      const item = subscription.items.data[0]!;
      if (!decline) {
        item.current_period_start = item.current_period_end;
        item.current_period_end = monthAfter(item.current_period_start);
        subscription.status = "active";
        const invoice = invoiceFor(subscription, "subscription_cycle", true);
        return [tools.signedEvent("invoice.paid", { ...invoice })];
      }
      subscription.status = "past_due";
      const invoice = invoiceFor(subscription, "subscription_cycle", false);
      return [
        tools.signedEvent("invoice.payment_failed", { ...invoice }),
        tools.signedEvent("customer.subscription.updated", { ...subscription }),
      ];
    },
    /** Cancelled at once (the owner in Stripe's dashboard, or Stripe after the last failed retry). */
    cancelNow(id: string) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`No subscription ${id}`);
      return cancel(subscription);
    },
    DAY,
  };
}
