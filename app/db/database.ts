import type { Generated, Insertable, Selectable, Updateable } from "kysely";

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
}

export interface BookingSlotsTable {
  id: Generated<number>;
  date: string;
  start_time: string;
  end_time: string;
  status: "available" | "booked";
  created_at: string;
}

export interface BookingsTable {
  id: Generated<number>;
  slot_id: number;
  reference: string;
  /** SHA-256 of the private manage-link token; the token itself is only ever sent to the customer. */
  manage_token_hash: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  notes: string;
  total_pence: number;
  duration_minutes: number;
  status: "confirmed" | "cancelled";
  cancelled_by: string | null;
  mail_status: string;
  mail_error: string | null;
  created_at: string;
  cancelled_at: string | null;
}

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

export interface Database {
  content_version: ContentVersionTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limit_events: RateLimitEventsTable;
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
  faqs: FaqsTable;
  barbers: BarbersTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
