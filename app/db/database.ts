import type { Generated, Selectable } from "kysely";

/*
 * One typed schema for both engines. Portable choices: integer pence for money,
 * 0/1 integers for booleans, ISO-8601 text for timestamps, `yyyy-MM-dd` and
 * `HH:mm` text (Europe/London) for slot dates and times.
 */

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
  /** The TOTP secret, encrypted (decision 010); set from the start of setup, in use once enabled is 1. */
  two_factor_secret: string | null;
  two_factor_enabled: Generated<number>;
  /** The last TOTP time step accepted, so a code cannot be used twice. */
  two_factor_last_step: number | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies. */
  id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

export interface RateLimitEventsTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  created_at: string;
}

/** The lock a counted event of one subject takes first, so counts of one subject are taken in turn. */
export interface RateLimitLocksTable {
  bucket: string;
  subject: string;
  touched_at: string;
}

export interface ServicesTable {
  id: Generated<number>;
  title: string;
  price_pence: number;
  description: string;
  category: string;
  icon: string;
  duration: number;
  sort_order: number;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  price_pence: number;
  description: string;
  image: string;
  created_at: string;
  /** How many are on the shelf, never below 0 (migration 027); null: not counted. */
  stock: number | null;
}

export interface GalleryCategoriesTable {
  id: Generated<number>;
  name: string;
}

export interface GalleryItemsTable {
  id: Generated<number>;
  title: string;
  description: string;
  image: string;
  category: string;
  stylist: string | null;
  created_at: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  author: string;
  category: string;
  image: string | null;
  summary: string;
  content: string;
  tags: string;
  created_at: string;
  updated_at: string;
}

export interface MediaTable {
  id: Generated<number>;
  name: string;
  filename: string;
  url: string;
  width: number;
  height: number;
  size_bytes: number;
  created_at: string;
}

export interface ContactSubmissionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: string;
  error: string | null;
  created_at: string;
  erased_at: string | null;
}

export interface BookingSlotsTable {
  id: Generated<number>;
  date: string;
  start_time: string;
  end_time: string;
  status: "available" | "booked" | "released";
  created_at: string;
  /** The team member whose time the slot is; a manual slot may have none. */
  member_id: number | null;
  /** "appointment": written with its booking for a computed time; a cancel releases it instead of offering it. */
  kind: Generated<"manual" | "appointment">;
}

export interface BookingsTable {
  id: Generated<number>;
  slot_id: number;
  reference: string;
  /** SHA-256 of the private manage-link token; the token itself is only ever sent to the customer. */
  manage_token_hash: string;
  /**
   * The token sealed with SECRET_KEY, for the mails and texts that carry the link (read when they run, decision
   * 043); null for a booking that sends none, one made before it was kept, and once erased.
   */
  manage_token_sealed: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  notes: string;
  total_pence: number;
  duration_minutes: number;
  /** "awaiting_payment": holding its time until paid (or expired); only a confirmed booking is kept. */
  status: BookingStatus;
  cancelled_by: string | null;
  mail_status: string;
  mail_error: string | null;
  created_at: string;
  cancelled_at: string | null;
  attendance: "attended" | "no-show" | null;
  /** When the customer's personal data was replaced (retention or an erasure request). */
  erased_at: string | null;
  /** The booking's revision: one more each time it is moved (the calendar file's SEQUENCE). */
  sequence: Generated<number>;
  /** 1 when the customer asked for a text confirmation and reminder. */
  sms_consent: Generated<number>;
  /** The repeat appointments it was booked with (decision 032); null for a booking on its own. */
  series_id: string | null;
  /** Its place in that series: 0 for the first occurrence. */
  series_position: number | null;
  /** Its customer (migration 020); null for an unnamed walk-in, or a booking erased before customers were rows. */
  customer_id: number | null;
}

/** An occurrence of a series that could not be booked, and why (decision 032). */
export interface BookingSeriesGapsTable {
  series_id: string;
  position: number;
  date: string;
  start_time: string;
  reason: string;
}

export type BookingStatus = "confirmed" | "cancelled" | "awaiting_payment" | "expired";

export interface BookingServicesTable {
  booking_id: number;
  position: number;
  service_id: number | null;
  title: string;
  price_pence: number;
  duration: number;
}

export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  category: string;
  sort_order: number;
}

export interface BarbersTable {
  id: Generated<number>;
  slug: string;
  place_id: string | null;
  name: string;
  formatted_address: string;
  /** The opening-hours lines, one per line of text, in display order. */
  weekday_text: string;
  rating: number | null;
  user_ratings_total: number;
  formatted_phone_number: string | null;
  lat: number | null;
  lng: number | null;
  updated_at: string;
}

/** One row (id 1) whose version a trigger bumps on every write to public content. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** Single-use recovery codes, kept as SHA-256: they are random and long, so a fast hash suffices. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** A sign-in whose password was right and which now waits for its two-factor code; id is the token's SHA-256. */
export interface PendingLoginsTable {
  id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

/** Who wrote what and when: never request bodies, so no password, code or customer message. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  actor_name: string;
  kind: string;
  action: string;
  target_id: string | null;
  target_label: string | null;
  /** The client address of a sign-in attempt (as the rate limits count it); null for other entries. */
  address: string | null;
  created_at: string;
}

/** The shop's facts and booking rules: one row, id 1 (absent until first saved: the defaults apply). */
export interface ShopSettingsTable {
  id: number;
  shop_name: string;
  tagline: string;
  about: string;
  street: string;
  town: string;
  postcode: string;
  latitude: number;
  longitude: number;
  phone: string;
  email: string;
  instagram: string;
  facebook: string;
  booking_fee_pence: number;
  fee_included_in_prices: number;
  cancellation_notice_hours: number;
  minimum_notice_minutes: number;
  booking_horizon_weeks: number;
  reminder_lead_hours: number;
  slot_interval_minutes: number;
  booking_buffer_minutes: number;
  booking_retention_months: number;
  contact_retention_months: number;
  /** Where the review request after a visit sends the customer; empty: no review requests. */
  review_url: Generated<string>;
  review_request_hours: Generated<number>;
  /** How long a waitlist offer holds its time for the customer it was offered to. */
  waitlist_hold_minutes: Generated<number>;
  /** The shop's VAT number, shown on receipts (which then show the VAT included); empty: not registered. */
  vat_number: Generated<string>;
  /** The cash the till opens each day with (the cash-up's float). */
  till_float_pence: Generated<number>;
  /** The walk-in queue (issue 33): 0/1, off until the owner turns it on. */
  queue_enabled: Generated<number>;
  queue_max_waiting: Generated<number>;
  /** The queue stops taking names this long before the shop closes. */
  queue_closes_before_close_minutes: Generated<number>;
  /** A consenting customer is texted once their estimated wait first falls to this or less. */
  queue_notify_minutes: Generated<number>;
  updated_at: string;
}

/** The shop's week: one row per opening range; a weekday without rows is closed. */
export interface OpeningHoursTable {
  /** 0 = Sunday … 6 = Saturday. */
  day: number;
  start_time: string;
  end_time: string;
}

/** Dated closures, `yyyy-MM-dd` inclusive at both ends. */
export interface ClosuresTable {
  id: Generated<number>;
  from_date: string;
  to_date: string;
  note: string;
}

/** A bank holiday the owner chose to stay open on (a closed one is a closure). */
export interface BankHolidaysOpenTable {
  date: string;
  decided_at: string;
}

export interface TeamMembersTable {
  id: Generated<number>;
  name: string;
  bio: string;
  image: string | null;
  sort_order: number;
  active: number;
  created_at: string;
  /** How the member is paid (migration 025, decision 054): the reports work out what they are owed. */
  pay_kind: Generated<"none" | "commission" | "chairRent">;
  /** Commission on services and on products, in basis points (1250 = 12.5 %). */
  pay_service_bp: Generated<number>;
  pay_product_bp: Generated<number>;
  /** A chair renter's rent, in pence for each `pay_rent_period`. */
  pay_rent_pence: Generated<number>;
  pay_rent_period: Generated<"week" | "month">;
}

export interface TeamMemberServicesTable {
  member_id: number;
  service_id: number;
}

/** One working range of a weekday (0 = Sunday); a day without rows is not worked. */
export interface TeamMemberHoursTable {
  member_id: number;
  day: number;
  start_time: string;
  end_time: string;
}

export interface TeamMemberTimeOffTable {
  member_id: number;
  position: number;
  from_date: string;
  to_date: string;
  note: string;
}

/** Time a barber holds for one day outside any booking (a break): not offered online. */
export interface TeamBlocksTable {
  id: Generated<number>;
  member_id: number;
  date: string;
  start_time: string;
  end_time: string;
  note: string;
  created_at: string;
}

/** The live private calendar feed of a scope ("shop" or "member-<id>"): SHA-256 of its token. */
export interface CalendarFeedsTable {
  scope: string;
  token_hash: string;
  created_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON; cleared once the job has finished, since it may carry a manage token or a customer's details. */
  payload: string;
  unique_key: string | null;
  state: "pending" | "done" | "failed";
  /** ISO instant; fixed-width, so text order is time order on both engines. */
  run_at: string;
  attempts: Generated<number>;
  max_attempts: number;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One customer (migration 020, decision 041): what their bookings, waitlist entries and records point to. */
export interface CustomersTable {
  id: Generated<number>;
  name: string;
  /** As the customer last wrote it; empty without one. */
  email: string;
  /** The address lower-cased, unique; null without one. */
  email_key: string | null;
  /** E.164; empty without one. */
  phone: string;
  /** The owner's private notes. */
  notes: Generated<string>;
  /** When and where (a booking's reference, "waitlist", …) the consent was given; null when it was not. */
  marketing_consent_at: string | null;
  marketing_consent_source: string | null;
  text_consent_at: string | null;
  text_consent_source: string | null;
  created_at: string;
  last_seen_at: string;
  /** When the personal data was blanked (erasure or retention); the row stays for the bookings' figures. */
  erased_at: string | null;
}

/** The owner's SMTP server (one row, id 1); the password sealed with SECRET_KEY. */
export interface MailSettingsTable {
  id: number;
  host: string;
  port: number;
  username: string;
  password_sealed: string | null;
  from_address: string;
  updated_at: string;
}

/** A one-time sign-in link to the customer's own page; id is the token's SHA-256. */
export interface CustomerSignInLinksTable {
  id: string;
  /** Lower-cased. */
  email: string;
  expires_at: string;
  created_at: string;
  /** The link's token sealed with SECRET_KEY until its mail goes (decision 043); null once sent. */
  token_sealed: string | null;
}

/** A customer's session (their own page): never an admin's, which live in `sessions`. */
export interface CustomerSessionsTable {
  id: string;
  /** Lower-cased. */
  email: string;
  expires_at: string;
  created_at: string;
}

/** The last review request a customer was sent, and whether they asked for no more. */
export interface ReviewRequestsTable {
  /** Lower-cased. */
  email: string;
  booking_id: number;
  job_id: number;
  sent_at: string;
  unsubscribe_hash: string;
  unsubscribed_at: string | null;
}

/** The owner's payment rules and, sealed, the Stripe keys pasted on the settings screen: one row, id 1. */
export interface PaymentSettingsTable {
  id: number;
  policy: "none" | "deposit" | "prepayment" | "card";
  deposit_pence: number;
  no_show_fee_pence: number;
  ask_from: "everyone" | "risky";
  hold_minutes: number;
  texts_enabled: number;
  stripe_secret_key_sealed: string | null;
  stripe_webhook_secret_sealed: string | null;
  updated_at: string;
}

export type PaymentKind = "deposit" | "prepayment" | "card";
export type PaymentStatus = "awaiting" | "paid" | "card_saved" | "refunded" | "kept" | "charged" | "expired";

/** A booking's payment: what was asked, how it stands, and Stripe's ids to refund or charge it later. */
export interface BookingPaymentsTable {
  booking_id: number;
  kind: PaymentKind;
  amount_pence: number;
  status: PaymentStatus;
  checkout_session_id: string | null;
  checkout_url: string | null;
  expires_at: string;
  manage_token_sealed: string;
  stripe_customer_id: string | null;
  stripe_payment_method_id: string | null;
  stripe_payment_intent_id: string | null;
  paid_pence: Generated<number>;
  paid_at: string | null;
  /** "charging" while the off-session charge is in flight, so two clicks cannot charge twice. */
  charge_state: "charging" | "charged" | null;
  charged_pence: Generated<number>;
  charge_reason: string | null;
  charge_intent_id: string | null;
  charged_at: string | null;
  fee_session_id: string | null;
  created_at: string;
  /** Pence of refunds claimed (pending or done; a failed one gives its claim back): never above what was paid. */
  refund_claimed_pence: Generated<number>;
  /** The Idempotency-Key of the charge in flight or made: the reconciling job asks Stripe with it after a crash. */
  charge_key: string | null;
}

/** A refund asked of Stripe: its key is the Idempotency-Key, so a retried job never refunds twice. */
export interface PaymentRefundsTable {
  idempotency_key: string;
  booking_id: number;
  amount_pence: number;
  state: "pending" | "done" | "failed";
  stripe_refund_id: string | null;
  reason: string;
  created_at: string;
  settled_at: string | null;
  /** Stripe's reason, when it refused the refund. */
  failure: string | null;
}

/** What moved: each kind of money the shop takes or gives back (room for the till, gift cards, memberships). */
export type MoneyKind =
  | "deposit"
  | "prepayment"
  | "fee"
  | "refund"
  | "kept_deposit"
  | "sale"
  | "sale_refund"
  | "tip"
  | "gift_card_load"
  | "gift_card_spend"
  | "gift_card_refund"
  | "gift_card_void"
  | "gift_card_expiry"
  | "membership_invoice";
/**
 * How it moved: Checkout, the saved card charged off-session, the till's cash and its card reader ("card",
 * Stripe Terminal), and later gift cards.
 */
export type MoneyMethod = "online" | "card_on_file" | "cash" | "card" | "gift_card";

/** The ledger (decision 040): one row per movement of money, in pence (refunds negative), each key once. */
export interface MoneyMovementsTable {
  id: Generated<number>;
  kind: MoneyKind;
  method: MoneyMethod;
  amount_pence: number;
  booking_id: number | null;
  /** The customer it belongs to, once customers have their own rows (no foreign key: the ledger outlives them). */
  customer_id: number | null;
  stripe_payment_intent_id: string | null;
  stripe_refund_id: string | null;
  stripe_checkout_session_id: string | null;
  /** The gift card a load, spend, refund or void was of. */
  gift_card_id: number | null;
  /** The membership an invoice was of (migration 030). */
  membership_id: Generated<number | null>;
  idempotency_key: string;
  created_at: string;
  /** The till's sale it belongs to (migration 027); null for a booking's online money. */
  sale_id: Generated<number | null>;
  /** The barber the sale is credited to (its booking's, else its first service line's); null when none. */
  member_id: Generated<number | null>;
}

/** A membership plan (decision 058): a Stripe Product and its current monthly Price; retired plans take no new members. */
export interface MembershipPlansTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  monthly_price_pence: number;
  visits_per_month: number;
  stripe_product_id: string;
  stripe_price_id: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface MembershipPlanServicesTable {
  plan_id: number;
  service_id: number;
}

/** Waiting for Checkout, paid up, a renewal failed, or ended. */
export type MembershipStatus = "pending" | "active" | "past_due" | "cancelled";

/** A member's subscription: the terms they joined on, Stripe's period, and the visits used in it (CHECK 0…allowance). */
export interface MembershipsTable {
  id: Generated<number>;
  plan_id: number;
  customer_id: number;
  status: MembershipStatus;
  checkout_session_id: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_price_id: string;
  monthly_price_pence: number;
  visits_per_month: number;
  visits_used: number;
  /** The paid period (ISO instants), from Stripe's subscription. */
  period_start: string | null;
  period_end: string | null;
  cancel_at_period_end: number;
  created_at: string;
  updated_at: string;
}

/** A booking a membership paid for: given back (returned_at) when cancelled in time. */
export interface MembershipVisitsTable {
  booking_id: number;
  membership_id: number;
  period_start: string;
  service_id: number;
  returned_at: string | null;
  created_at: string;
}

/** Settings → Gift cards: one row, id 1 (absent: the defaults, switched off). */
export interface GiftCardSettingsTable {
  id: number;
  enabled: number;
  min_pence: number;
  max_pence: number;
  valid_months: number;
  updated_at: string;
}

/** The amounts offered as buttons on the gift cards page. */
export interface GiftCardAmountsTable {
  amount_pence: number;
}

export type GiftCardStatus = "active" | "void";
/** Bought online, sold at the desk (cash or card reader), or given by the shop. */
export type GiftCardSource = "online" | "desk";

/** A gift card: found by its code's hash; the balance stays within 0…initial (a CHECK constraint). */
export interface GiftCardsTable {
  id: Generated<number>;
  code_hash: string;
  code_sealed: string;
  initial_pence: number;
  balance_pence: number;
  status: GiftCardStatus;
  source: GiftCardSource;
  /** The last day it can be spent (yyyy-MM-dd, the shop's zone). */
  expires_on: string;
  recipient_name: string;
  recipient_email: string | null;
  /** The owner's reason for a card issued at the desk, or for its void. */
  reason: string | null;
  issued_at: string;
  voided_at: string | null;
}

/** An online purchase: made with its Checkout session, and issued once when Stripe says it was paid. */
export interface GiftCardPurchasesTable {
  id: Generated<number>;
  checkout_session_id: string | null;
  amount_pence: number;
  buyer_name: string;
  buyer_email: string;
  recipient_name: string;
  recipient_email: string | null;
  message: string | null;
  /** The day the gift mail goes (yyyy-MM-dd); null: at once. */
  send_on: string | null;
  /** "open" until Stripe says it was paid; "issued" once, whichever event or retry comes first. */
  status: "open" | "issued";
  gift_card_id: number | null;
  created_at: string;
}

export type GiftCardMovementKind = "issued" | "spent" | "refunded" | "voided" | "expired";

/** A card's history: each change of its balance (pence, signed), once by its key. */
export interface GiftCardMovementsTable {
  id: Generated<number>;
  gift_card_id: number;
  kind: GiftCardMovementKind;
  amount_pence: number;
  balance_after_pence: number;
  booking_id: number | null;
  note: string | null;
  idempotency_key: string;
  created_at: string;
}

/** Stripe events already received: a replay finds its id here and changes nothing. */
export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: string;
}

/** A text sent for one event of a booking ("confirmation", "reminder"): never twice. */
export interface TextMessagesTable {
  booking_id: number;
  event: string;
  provider_id: string | null;
  /** When the text was sent, or (while "sending") when the provider was called. */
  sent_at: string;
  /** "sending" from just before the provider is called until it answers; "sent" once it took the text. */
  state: Generated<"sending" | "sent">;
}

/** Phones (E.164) that answered STOP: never texted again. */
export interface TextOptOutsTable {
  phone: string;
  created_at: string;
}

export type WaitlistStatus = "waiting" | "offered" | "booked" | "declined" | "expired" | "cancelled";

/** One customer waiting for a time on a day (decision 033); an offer holds `hold_slot_id` until `offer_expires_at`. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  date: string;
  member_id: number | null;
  earliest: string | null;
  latest: string | null;
  customer_name: string;
  customer_email: string;
  customer_key: string;
  customer_phone: string;
  sms_consent: Generated<number>;
  status: WaitlistStatus;
  hold_slot_id: number | null;
  /** The booking a claim made (migration 018); null before a claim, or once that booking is deleted. */
  claimed_booking_id: number | null;
  offer_token_hash: string | null;
  offer_expires_at: string | null;
  created_at: string;
  /** Its customer (migration 020). */
  customer_id: number | null;
}

export interface WaitlistEntryServicesTable {
  entry_id: number;
  position: number;
  service_id: number;
}

export type SaleStatus = "open" | "paid" | "voided";
export type SaleLineKind = "service" | "product" | "custom";
export type SalePaymentMethod = "cash" | "card" | "card_on_file" | "gift_card";
export type SalePaymentStatus = "processing" | "succeeded" | "failed" | "canceled";

/** The one row (id 1) holding the last sale number given: the creating transaction adds one (decision 056). */
export interface SaleCountersTable {
  id: number;
  last_number: number;
}

/** A sale at the till (decision 056): pence; `paid_pence` never above `total_pence`, `refunded_pence` never above paid. */
export interface SalesTable {
  id: Generated<number>;
  /** Shown as S-000001: one more than the last, never reused. */
  number: number;
  status: SaleStatus;
  /** The booking it checks out; at most one sale that is not voided per booking. */
  booking_id: number | null;
  customer_id: number | null;
  /** The shop's day (yyyy-MM-dd, Europe/London) the sale belongs to. */
  date: string;
  /** The lines' totals. */
  subtotal_pence: number;
  discount_pence: Generated<number>;
  discount_percent: number | null;
  tip_pence: Generated<number>;
  /** The barber the tip is for. */
  tip_member_id: number | null;
  /** subtotal − discount + tip. */
  total_pence: number;
  /** Of paid_pence, what the booking's deposit or prepayment paid online. */
  online_pence: Generated<number>;
  /** Everything paid towards the total: online part, cash (net of change) and card payments that succeeded. */
  paid_pence: Generated<number>;
  /** What card payments still in flight hold of the due (paid + reserved never above the total). */
  reserved_pence: Generated<number>;
  refunded_pence: Generated<number>;
  created_by: number | null;
  created_at: string;
  paid_at: string | null;
  voided_at: string | null;
}

export interface SaleLinesTable {
  id: Generated<number>;
  sale_id: number;
  position: number;
  kind: SaleLineKind;
  service_id: number | null;
  product_id: number | null;
  /** The barber credited with the line (every service line has one). */
  member_id: number | null;
  description: string;
  unit_pence: number;
  quantity: number;
  /** unit × quantity. */
  total_pence: number;
  refunded_quantity: Generated<number>;
}

/** One payment on a sale; a card payment is "processing" while the reader waits for the card. */
export interface SalePaymentsTable {
  id: Generated<number>;
  sale_id: number;
  method: SalePaymentMethod;
  /** What counts towards the sale (for cash: the amount, not what was tendered). */
  amount_pence: number;
  tendered_pence: number | null;
  change_pence: Generated<number>;
  status: SalePaymentStatus;
  idempotency_key: string;
  /** The shop's day it was taken. */
  date: string;
  reader_id: string | null;
  stripe_payment_intent_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** The reader's or the bank's reason, when it failed. */
  failure: string | null;
  /** The gift card a `gift_card` payment was spent from (a refund goes back to it). */
  gift_card_id: number | null;
  refunded_pence: Generated<number>;
  created_at: string;
  settled_at: string | null;
}

/** A refund on a sale: how much went back, split into cash paid out of the till and card refunded through Stripe. */
export interface SaleRefundsTable {
  id: Generated<number>;
  sale_id: number;
  idempotency_key: string;
  amount_pence: number;
  cash_pence: Generated<number>;
  card_pence: Generated<number>;
  /** What went back to gift cards the sale was paid with. */
  gift_card_pence: Generated<number>;
  reason: string;
  /** The shop's day it was given. */
  date: string;
  created_by: number | null;
  created_at: string;
}

/** A day the owner has cashed up: once closed, nothing more may be taken or refunded on it. */
export interface TillDaysTable {
  date: string;
  float_pence: number;
  expected_cash_pence: number;
  counted_cash_pence: number;
  closed_at: string;
  closed_by: number | null;
  closed_by_name: string;
}

/** A card reader registered with Stripe Terminal (id is Stripe's tmr_…). */
export interface TerminalReadersTable {
  id: string;
  label: string;
  device_type: string;
  location_id: string;
  created_at: string;
}

/** The Stripe Terminal location the till's readers live in (one row, id 1), made once from the shop's address. */
export interface TerminalLocationsTable {
  id: number;
  stripe_location_id: string;
  created_at: string;
}

/** One walk-in in the day's queue (migration 026). */
export interface QueueEntriesTable {
  id: Generated<number>;
  date: string;
  /** The order of joining, unique per day. */
  seq: number;
  token_hash: string;
  /** The barber asked for; null: the first free one. */
  member_id: number | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  sms_consent: number;
  /** waiting, called, serving, done, left, removed. */
  status: string;
  length_minutes: number;
  served_by: number | null;
  booking_id: number | null;
  joined_at: string;
  called_at: string | null;
  served_at: string | null;
  finished_at: string | null;
  nearly_text_at: string | null;
  called_text_at: string | null;
}

export interface QueueEntryServicesTable {
  entry_id: number;
  position: number;
  service_id: number;
}

export interface Database {
  content_version: ContentVersionTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limit_events: RateLimitEventsTable;
  rate_limit_locks: RateLimitLocksTable;
  services: ServicesTable;
  products: ProductsTable;
  gallery_categories: GalleryCategoriesTable;
  gallery_items: GalleryItemsTable;
  blog_posts: BlogPostsTable;
  media: MediaTable;
  contact_submissions: ContactSubmissionsTable;
  booking_slots: BookingSlotsTable;
  bookings: BookingsTable;
  booking_services: BookingServicesTable;
  booking_series_gaps: BookingSeriesGapsTable;
  faqs: FaqsTable;
  barbers: BarbersTable;
  recovery_codes: RecoveryCodesTable;
  pending_logins: PendingLoginsTable;
  audit_log: AuditLogTable;
  shop_settings: ShopSettingsTable;
  mail_settings: MailSettingsTable;
  opening_hours: OpeningHoursTable;
  closures: ClosuresTable;
  bank_holidays_open: BankHolidaysOpenTable;
  team_members: TeamMembersTable;
  team_member_services: TeamMemberServicesTable;
  team_member_hours: TeamMemberHoursTable;
  team_member_time_off: TeamMemberTimeOffTable;
  team_blocks: TeamBlocksTable;
  calendar_feeds: CalendarFeedsTable;
  jobs: JobsTable;
  customers: CustomersTable;
  customer_sign_in_links: CustomerSignInLinksTable;
  customer_sessions: CustomerSessionsTable;
  review_requests: ReviewRequestsTable;
  payment_settings: PaymentSettingsTable;
  booking_payments: BookingPaymentsTable;
  payment_refunds: PaymentRefundsTable;
  money_movements: MoneyMovementsTable;
  gift_card_settings: GiftCardSettingsTable;
  gift_card_amounts: GiftCardAmountsTable;
  gift_cards: GiftCardsTable;
  gift_card_purchases: GiftCardPurchasesTable;
  gift_card_movements: GiftCardMovementsTable;
  membership_plans: MembershipPlansTable;
  membership_plan_services: MembershipPlanServicesTable;
  memberships: MembershipsTable;
  membership_visits: MembershipVisitsTable;
  payment_events: PaymentEventsTable;
  text_messages: TextMessagesTable;
  text_opt_outs: TextOptOutsTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_entry_services: WaitlistEntryServicesTable;
  sale_counters: SaleCountersTable;
  sales: SalesTable;
  sale_lines: SaleLinesTable;
  sale_payments: SalePaymentsTable;
  sale_refunds: SaleRefundsTable;
  till_days: TillDaysTable;
  terminal_readers: TerminalReadersTable;
  terminal_locations: TerminalLocationsTable;
  queue_entries: QueueEntriesTable;
  queue_entry_services: QueueEntryServicesTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
