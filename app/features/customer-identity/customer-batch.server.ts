import type { Db } from "~/db/client.server";
import { conflict } from "~/lib/http-error";
import { customerKey, NOTES_MAX, WALK_IN_NAME } from "~/features/customers";

/*
 * Many contacts found or made at once (a client list imported, decision 048): the same rule as `customerIdFor`
 * applies row by row — by address (any case), else by phone (the customer seen most recently with it), else a new
 * customer; the name the latest given with an address, a missing phone filled in — but the customers a chunk of
 * rows may name are read in one query per kind, each contact is folded into the customer it names in memory, and
 * the batch is then written in multi-row inserts (an import makes one batch per chunk, inside its transaction,
 * so a later chunk finds an earlier one's customers in the database).
 */

/** How many contacts one lookup or one insert carries (well under either engine's limit on parameters). */
export const BATCH_SIZE = 500;

/** A contact as an import gives it, checked: `phone` in E.164 or empty, `email` valid or empty. */
export interface BatchContact {
  name: string;
  email: string;
  phone: string;
  /** Added after the customer's notes, once. */
  notes: string;
  /** Where a marketing consent given with the contact comes from; null when none was. */
  marketingConsentSource: string | null;
}

const COLUMNS = [
  "id",
  "name",
  "email",
  "email_key",
  "phone",
  "notes",
  "marketing_consent_at",
  "marketing_consent_source",
] as const;

interface BatchCustomer {
  /** Null for a customer the batch will make. */
  id: number | null;
  name: string;
  email: string;
  email_key: string | null;
  phone: string;
  notes: string;
  marketing_consent_at: string | null;
  marketing_consent_source: string | null;
  /** A known customer whose row the batch changes beyond when they were last seen. */
  changed: boolean;
}

export class CustomerBatch {
  private readonly byEmailKey = new Map<string, BatchCustomer>();
  private readonly byPhone = new Map<string, BatchCustomer>();
  private readonly byId = new Map<number, BatchCustomer>();
  private readonly made: BatchCustomer[] = [];
  /** Known customers some contact named. */
  private readonly touched = new Set<BatchCustomer>();

  constructor(
    private readonly db: Db,
    private readonly now: Date,
  ) {}

  private known(row: Omit<BatchCustomer, "changed">) {
    const existing = this.byId.get(row.id!);
    if (existing) return existing;
    const customer = { ...row, changed: false };
    this.byId.set(row.id!, customer);
    return customer;
  }

  /**
   * Reads the customers these contacts may name that the batch does not know yet: one query per kind. Every
   * contact looked up is then added, so an address or phone the batch knows was read before or is the batch's own.
   */
  async lookUp(contacts: Pick<BatchContact, "email" | "phone">[]) {
    const fresh = (values: string[], known: Map<string, BatchCustomer>) => [
      ...new Set(values.filter((value) => value && !known.has(value))),
    ];
    const keys = fresh(
      contacts.map((contact) => (contact.email ? customerKey(contact.email) : "")),
      this.byEmailKey,
    );
    // A phone names someone only for a contact without an address.
    const phones = fresh(
      contacts.filter((contact) => !contact.email).map((contact) => contact.phone),
      this.byPhone,
    );
    for (let from = 0; from < keys.length; from += BATCH_SIZE) {
      const part = keys.slice(from, from + BATCH_SIZE);
      const rows = await this.db.selectFrom("customers").select(COLUMNS).where("email_key", "in", part).execute();
      for (const row of rows) this.byEmailKey.set(row.email_key!, this.known(row));
    }
    for (let from = 0; from < phones.length; from += BATCH_SIZE) {
      const part = phones.slice(from, from + BATCH_SIZE);
      const rows = await this.db
        .selectFrom("customers")
        .select(COLUMNS)
        .where("phone", "in", part)
        .where("erased_at", "is", null)
        .orderBy("last_seen_at", "desc")
        .orderBy("id", "desc")
        .execute();
      // The first row for a phone is the one seen most recently; a customer the batch already names by it is newer.
      for (const row of rows) if (!this.byPhone.has(row.phone)) this.byPhone.set(row.phone, this.known(row));
    }
  }

  /**
   * Folds a contact into the customer it names (looked up first with `lookUp`), or a new one: "merge" or "create".
   */
  add(contact: BatchContact): "create" | "merge" {
    const key = contact.email ? customerKey(contact.email) : "";
    const found = key ? this.byEmailKey.get(key) : contact.phone ? this.byPhone.get(contact.phone) : undefined;
    const customer = found ?? this.make(contact, key);
    if (customer.id !== null) this.touched.add(customer);
    const change = <Column extends "name" | "phone" | "notes">(column: Column, value: string) => {
      if (customer[column] === value) return;
      customer[column] = value;
      customer.changed = true;
    };
    const name = contact.name.trim() === WALK_IN_NAME ? "" : contact.name.trim();
    // As `customerIdFor`: the name is the latest given with an address; without one it only fills in a blank.
    if (name && (key || customer.name === "")) change("name", name);
    if (contact.phone && customer.phone === "") change("phone", contact.phone);
    if (contact.notes && !customer.notes.includes(contact.notes)) {
      change("notes", (customer.notes ? `${customer.notes}\n\n${contact.notes}` : contact.notes).slice(0, NOTES_MAX));
    }
    if (contact.marketingConsentSource && customer.marketing_consent_source === null) {
      customer.marketing_consent_source = contact.marketingConsentSource;
      customer.marketing_consent_at = this.now.toISOString();
      customer.changed = true;
    }
    if (key) this.byEmailKey.set(key, customer);
    // Seen now: the customer a later contact with this phone alone names.
    if (customer.phone) this.byPhone.set(customer.phone, customer);
    return found ? "merge" : "create";
  }

  private make(contact: BatchContact, key: string): BatchCustomer {
    const customer: BatchCustomer = {
      id: null,
      name: "",
      email: contact.email,
      email_key: key || null,
      phone: "",
      notes: "",
      marketing_consent_at: null,
      marketing_consent_source: null,
      changed: true,
    };
    this.made.push(customer);
    return customer;
  }

  /**
   * Writes the batch in the caller's transaction: the new customers in multi-row inserts, each changed one in an
   * update of its own, and when the others were last seen in one update per batch. A customer made by someone
   * else since the lookup (a booking racing the import on PostgreSQL) is a 409: the caller's transaction saves
   * nothing.
   */
  async write(trx: Db) {
    const now = this.now.toISOString();
    for (let from = 0; from < this.made.length; from += BATCH_SIZE) {
      const part = this.made.slice(from, from + BATCH_SIZE);
      const inserted = await trx
        .insertInto("customers")
        .values(part.map(({ id: _id, changed: _changed, ...row }) => ({ ...row, created_at: now, last_seen_at: now })))
        .onConflict((onConflict) => onConflict.doNothing())
        .returning("id")
        .execute();
      if (inserted.length !== part.length) {
        throw conflict("Customers were added while the file was imported, so nothing was saved: import it again.");
      }
    }
    const seen = [...this.touched];
    for (const customer of seen.filter((known) => known.changed)) {
      const { name, phone, notes, marketing_consent_at, marketing_consent_source } = customer;
      await trx
        .updateTable("customers")
        .set({ name, phone, notes, marketing_consent_at, marketing_consent_source, last_seen_at: now })
        .where("id", "=", customer.id!)
        .execute();
    }
    const unchanged = seen.filter((known) => !known.changed).map((known) => known.id!);
    for (let from = 0; from < unchanged.length; from += BATCH_SIZE) {
      await trx
        .updateTable("customers")
        .set({ last_seen_at: now })
        .where("id", "in", unchanged.slice(from, from + BATCH_SIZE))
        .execute();
    }
  }
}
