import type { Takings } from "./reports.schema";

/*
 * Takings as they are added up (decision 054): pence by kind, by method, by day and by barber, each source
 * (the ledger's booking money, the till's sales) adding what it knows.
 */

export type TakingsKind = "services" | "products" | "tips" | "fees" | "depositsKept" | "refunds";
export type TakingsMethod = keyof Takings["byMethod"];

/** The ledger's and the till's names of a method, as the report says them. */
export const METHOD_NAMES: Record<string, TakingsMethod> = {
  cash: "cash",
  card: "card",
  reader: "card",
  online: "online",
  card_on_file: "cardOnFile",
  gift_card: "giftCard",
};

/** A ledger row the takings read (money_movements): takings, or a refund of them. */
export interface LedgerRow {
  kind: string;
  method: string;
  amount_pence: number;
  booking_id: number | null;
  sale_id: number | null;
  created_at: string;
}

interface MemberTally {
  services: number;
  products: number;
  tips: number;
}

export class TakingsTally {
  readonly kinds: Record<TakingsKind, number> = {
    services: 0,
    products: 0,
    tips: 0,
    fees: 0,
    depositsKept: 0,
    refunds: 0,
  };
  readonly methods: Record<TakingsMethod, number> = { cash: 0, card: 0, online: 0, cardOnFile: 0, giftCard: 0 };
  /** Each day's pence by kind. */
  readonly days = new Map<string, Record<TakingsKind, number>>();
  readonly members = new Map<number, MemberTally>();

  /** Money of a kind on a day (refunds as a positive amount given back). */
  add(kind: TakingsKind, pence: number, date: string, memberId: number | null = null) {
    this.kinds[kind] += pence;
    const day = this.days.get(date) ?? { services: 0, products: 0, tips: 0, fees: 0, depositsKept: 0, refunds: 0 };
    day[kind] += pence;
    this.days.set(date, day);
    if (memberId !== null && (kind === "services" || kind === "products" || kind === "tips")) {
      this.member(memberId)[kind] += pence;
    }
  }

  /** Money in (or, negative, given back) by a method. */
  paid(method: string, pence: number) {
    const name = METHOD_NAMES[method];
    if (!name) throw new Error(`No report method for "${method}"`);
    this.methods[name] += pence;
  }

  /** A barber's refunded lines: less what their services or products took. */
  memberRefund(memberId: number, kind: "services" | "products", pence: number) {
    this.member(memberId)[kind] -= pence;
  }

  private member(memberId: number) {
    let tally = this.members.get(memberId);
    if (!tally) {
      tally = { services: 0, products: 0, tips: 0 };
      this.members.set(memberId, tally);
    }
    return tally;
  }

  get netPence() {
    return netOf(this.kinds);
  }
}

/** Services, products, tips, fees and deposits kept, less refunds. */
export function netOf(kinds: Record<TakingsKind, number>) {
  const { services, products, tips, fees, depositsKept, refunds } = kinds;
  return services + products + tips + fees + depositsKept - refunds;
}
