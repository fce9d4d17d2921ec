import http from "node:http";
import zlib from "node:zlib";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database";
import { createSession } from "~/features/auth/auth.server";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { SESSION_COOKIE } from "~/lib/session-cookie";
import { describeApiCall } from "./audit";
import {
  ALL_DAY_OPENING_HOURS,
  openAllHours,
  startTestApi,
  TEST_ADMIN,
  TEST_USER,
  type TestApi,
} from "../tests/support/test-app";

/*
 * Property-based abuse of every API call: random and malformed bodies, query strings and
 * path ids, sent anonymously, as a signed-in visitor and as the admin, through the response
 * cache as in production. Whatever arrives, the answer is never a 5xx, a refusal is a JSON
 * `{message}`, a refused call (and any GET) changes nothing in the database or the uploads, but
 * for the audit entry of a customer's data export, and the server keeps answering.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

let api: TestApi;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const cookies: Record<Role, string> = { anonymous: "", visitor: "", admin: "" };
const userIds = { admin: 0, visitor: 0 };
const stats = { calls: 0, byClass: {} as Record<string, number>, started: 0 };

type Role = keyof typeof ROLE_CREDENTIALS | "anonymous";
const ROLE_CREDENTIALS = { admin: TEST_ADMIN, visitor: TEST_USER } as const;

interface Body {
  label: string;
  data?: string | Buffer;
  contentType?: string;
  contentEncoding?: string;
}

interface Answer {
  status: number;
  text: string;
  contentType: string;
  setCookie: string[];
}

/** Raw HTTP: fetch would normalise `../` out of the path and refuse some of the bodies sent here. */
function send(method: string, path: string, role: Role, body: Body = { label: "none" }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (cookies[role]) headers.cookie = cookies[role];
    if (body.contentType) headers["content-type"] = body.contentType;
    if (body.contentEncoding) headers["content-encoding"] = body.contentEncoding;
    if (body.data !== undefined) headers["content-length"] = Buffer.byteLength(body.data);
    const url = new URL(api.baseUrl);
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString("utf8"),
          contentType: String(response.headers["content-type"] ?? ""),
          setCookie: response.headers["set-cookie"] ?? [],
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body.data);
  });
}

async function signIn(role: Role) {
  if (role === "anonymous") return;
  const answer = await send("POST", "/api/login", "anonymous", {
    label: "login",
    data: JSON.stringify(ROLE_CREDENTIALS[role]),
    contentType: "application/json",
  });
  if (answer.status !== 200) throw new Error(`sign-in as ${role} failed: ${answer.status} ${answer.text}`);
  cookies[role] = answer.setCookie[0]!.split(";")[0]!;
  userIds[role] = JSON.parse(answer.text).user.id;
}

/** After a fuzzed sign-in or sign-out replaced a role's session: a new one without paying for the password hash again. */
async function resume(role: Exclude<Role, "anonymous">) {
  const { token } = await createSession(api.db, userIds[role], 1);
  cookies[role] = `${SESSION_COOKIE}=${token}`;
}

// ---------------------------------------------------------------- what "nothing changed" means

/** Every table but the rate-limit counters, whose whole point is to count refused attempts. */
const SNAPSHOT_TABLES: [keyof Database, string[]][] = [
  ["content_version", ["id"]],
  ["users", ["id"]],
  ["sessions", ["id"]],
  ["services", ["id"]],
  ["products", ["id"]],
  ["gallery_categories", ["id"]],
  ["gallery_items", ["id"]],
  ["blog_posts", ["id"]],
  ["media", ["id"]],
  ["contact_submissions", ["id"]],
  ["booking_slots", ["id"]],
  ["bookings", ["id"]],
  ["booking_services", ["booking_id", "position"]],
  ["faqs", ["id"]],
  ["barbers", ["id"]],
  ["recovery_codes", ["id"]],
  ["pending_logins", ["id"]],
  ["audit_log", ["id"]],
  ["customers", ["id"]],
  ["shop_settings", ["id"]],
  ["opening_hours", ["day", "start_time"]],
  ["closures", ["id"]],
];

type Snapshot = Map<string, string>;

async function snapshot(): Promise<Snapshot> {
  const state: Snapshot = new Map();
  for (const [table, keys] of SNAPSHOT_TABLES) {
    let query = api.db.selectFrom(table as any).selectAll();
    for (const key of keys) query = query.orderBy(key as any);
    state.set(table, JSON.stringify(await query.execute()));
  }
  const uploads = (await api.storage.list()).sort();
  state.set("uploads/", JSON.stringify(uploads));
  return state;
}

const changedParts = (before: Snapshot, after: Snapshot) =>
  [...after].filter(([part, value]) => before.get(part) !== value).map(([part]) => part);

// ---------------------------------------------------------------- fixtures: real rows for ids to hit

const fixtures = {
  ids: {} as Record<string, string[]>,
  slugs: [] as string[],
  barbers: [] as string[],
  tokens: [] as string[],
  galleryCategory: "",
  serviceId: "",
};
const futureDate = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);

async function createFixtures() {
  // The fixture slots may land on any weekday: open the shop round the clock so they all fit.
  await openAllHours(api.db);
  const admin = await api.admin();
  const anonymous = api.anonymous();
  const created = async (path: string, body: unknown) => {
    const response = await admin.post(path, body);
    if (response.status !== 201) throw new Error(`fixture ${path}: ${response.status} ${response.text}`);
    return response.body;
  };
  const ids = (rows: { id: number }[]) => rows.map((row) => String(row.id));
  fixtures.ids.service = ids([
    await created("/api/services", VALID.service),
    await created("/api/services", { ...VALID.service, title: "Second" }),
  ]);
  fixtures.serviceId = fixtures.ids.service[0]!;
  fixtures.ids.product = ids([
    await created("/api/products", VALID.product),
    await created("/api/products", VALID.product),
  ]);
  const category = await created("/api/gallery/categories", { name: "Fades" });
  fixtures.galleryCategory = category.name;
  fixtures.ids.galleryCategory = ids([category, await created("/api/gallery/categories", { name: "Unused" })]);
  const item = { ...VALID.galleryItem, category: category.name };
  fixtures.ids.galleryItem = ids([await created("/api/gallery", item), await created("/api/gallery", item)]);
  const posts = [
    await created("/api/blog", VALID.blog),
    await created("/api/blog", { ...VALID.blog, title: "Another post" }),
  ];
  fixtures.ids.blog = ids(posts);
  fixtures.slugs = posts.map((post) => post.slug);
  fixtures.ids.faq = ids([await created("/api/faqs", VALID.faq), await created("/api/faqs", VALID.faq)]);
  const slots = await created("/api/booking-slots", {
    dates: [futureDate],
    startTime: "09:00",
    endTime: "12:00",
    repeatEveryMinutes: 60,
  });
  fixtures.ids.slot = ids(slots);
  const booking = await anonymous.patch(`/api/booking-slots/${slots[0].id}`, {
    ...VALID.booking,
    services: [fixtures.serviceId],
  });
  if (booking.status !== 200) throw new Error(`fixture booking: ${booking.status} ${booking.text}`);
  fixtures.tokens = [booking.body.manageToken];
  const booked = await api.db.selectFrom("bookings").select(["id", "customer_email"]).execute();
  fixtures.ids.booking = ids(booked);
  fixtures.ids.customer = booked.map((row) => enc(row.customer_email));
  const submissions = [];
  for (let i = 0; i < 2; i++) submissions.push((await anonymous.post("/api/contact", VALID.contact)).body);
  fixtures.ids.submission = ids(submissions);
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#345" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(image)], { type: "image/png" }), "fixture.png");
  const media = await admin.request("POST", "/api/media", { body: form });
  if (media.status !== 201) throw new Error(`fixture media: ${media.status} ${media.text}`);
  fixtures.ids.media = ids(media.body.uploaded);
  await api.db
    .insertInto("barbers")
    .values({
      slug: "fuzz-barbers",
      place_id: null,
      name: "Fuzz Barbers",
      formatted_address: "1 Yorkshire Street, Oldham",
      weekday_text: "Monday: 9 am – 6 pm",
      rating: 4.5,
      user_ratings_total: 10,
      formatted_phone_number: null,
      lat: null,
      lng: null,
      updated_at: new Date().toISOString(),
    })
    .execute();
  fixtures.barbers = ["fuzz-barbers"];
}

// ---------------------------------------------------------------- the routes (server/http.ts and the feature routers)

const VALID = {
  service: {
    title: "Fuzz Cut",
    price: 12.5,
    description: "A cut.",
    category: "hair",
    icon: "Scissors",
    duration: 30,
    order: 0,
  },
  product: { name: "Fuzz Wax", price: 9.99, description: "Matt wax.", image: "/uploads/wax.webp" },
  galleryItem: {
    title: "Fuzz Fade",
    description: "A fade.",
    image: "/uploads/fade.webp",
    category: "Fades",
    stylist: "Sam",
  },
  galleryCategory: { name: "Fuzz Styles" },
  blog: {
    title: "Fuzz Post",
    content: "Line one.\nLine two.",
    summary: "A post.",
    image: "",
    author: "Sam",
    category: "News",
    tags: "fuzz, test",
    slug: "fuzz-post",
  },
  faq: { question: "Fuzz?", answer: "Yes.", category: "General", order: 1 },
  settings: { ...DEFAULT_SETTINGS, openingHours: ALL_DAY_OPENING_HOURS },
  slot: { date: futureDate, startTime: "13:00", endTime: "14:00", status: "available" },
  slotDialog: { dates: [futureDate], startTime: "15:00", endTime: "17:00", repeatEveryMinutes: 30 },
  booking: {
    customerName: "Fuzz Tester",
    customerEmail: "fuzz@example.com",
    customerPhone: "07700900123",
    notes: "",
    services: ["1"],
    serviceTitles: ["Fuzz Cut"],
  },
  contact: {
    name: "Fuzz Tester",
    email: "fuzz@example.com",
    phone: "07700900123",
    message: "Hello from the fuzz test.",
  },
  login: { username: TEST_USER.username, password: TEST_USER.password },
} as const;

type Param =
  | "service"
  | "product"
  | "galleryItem"
  | "galleryCategory"
  | "blog"
  | "faq"
  | "media"
  | "slot"
  | "submission"
  | "slug"
  | "barber"
  | "token"
  | "booking"
  | "customer";

interface Route {
  method: string;
  /** `{p}` stands for the path parameter. */
  path: string;
  param?: Param;
  valid?: Record<string, unknown>;
}

/** The valid bodies that name rows of the fixtures (a service to book, an existing gallery category). */
const validFor = (route: Route) => {
  if (route.valid === VALID.booking) return { ...VALID.booking, services: [fixtures.serviceId] };
  if (route.valid === VALID.galleryItem) return { ...VALID.galleryItem, category: fixtures.galleryCategory };
  return route.valid ?? {};
};

// Writes that need a row come before the deletes that may remove it.
const ROUTES: Route[] = [
  { method: "GET", path: "/user" },
  { method: "POST", path: "/login", valid: VALID.login },
  { method: "POST", path: "/logout" },
  { method: "POST", path: "/login/verify", valid: { pendingLogin: "no-such-sign-in", code: "123456" } },
  { method: "GET", path: "/accounts" },
  { method: "GET", path: "/accounts/me/two-factor" },
  { method: "POST", path: "/accounts/me/two-factor/confirm", valid: { code: "123456" } },
  { method: "POST", path: "/accounts/me/two-factor/disable", valid: { password: "not-the-password" } },
  { method: "PUT", path: "/accounts/me/password", valid: { currentPassword: "not-it", newPassword: "new-password" } },
  { method: "GET", path: "/audit" },
  { method: "GET", path: "/services" },
  { method: "POST", path: "/services", valid: VALID.service },
  { method: "PUT", path: "/services/{p}", param: "service", valid: VALID.service },
  { method: "GET", path: "/products" },
  { method: "POST", path: "/products", valid: VALID.product },
  { method: "PUT", path: "/products/{p}", param: "product", valid: VALID.product },
  { method: "GET", path: "/gallery/categories" },
  { method: "POST", path: "/gallery/categories", valid: VALID.galleryCategory },
  { method: "GET", path: "/gallery" },
  { method: "POST", path: "/gallery", valid: VALID.galleryItem },
  { method: "PUT", path: "/gallery/{p}", param: "galleryItem", valid: VALID.galleryItem },
  { method: "GET", path: "/blog" },
  { method: "GET", path: "/blog/post/{p}", param: "slug" },
  { method: "POST", path: "/blog", valid: VALID.blog },
  { method: "PUT", path: "/blog/{p}", param: "blog", valid: VALID.blog },
  { method: "GET", path: "/faqs" },
  { method: "POST", path: "/faqs", valid: VALID.faq },
  { method: "PUT", path: "/faqs/{p}", param: "faq", valid: VALID.faq },
  { method: "GET", path: "/settings" },
  { method: "PUT", path: "/settings", valid: VALID.settings },
  { method: "GET", path: "/barbers" },
  { method: "GET", path: "/barbers/{p}", param: "barber" },
  { method: "GET", path: "/media" },
  { method: "POST", path: "/media" },
  { method: "GET", path: "/booking-slots" },
  { method: "POST", path: "/booking-slots", valid: VALID.slot },
  { method: "POST", path: "/booking-slots", valid: VALID.slotDialog },
  { method: "PATCH", path: "/booking-slots/{p}", param: "slot", valid: VALID.booking },
  { method: "GET", path: "/bookings/manage/{p}", param: "token" },
  { method: "GET", path: "/bookings/manage/{p}/calendar.ics", param: "token" },
  { method: "POST", path: "/contact", valid: VALID.contact },
  { method: "GET", path: "/contact/submissions" },
  { method: "POST", path: "/bookings/manage/{p}/cancel", param: "token" },
  { method: "POST", path: "/booking-slots/{p}/cancel", param: "slot" },
  { method: "DELETE", path: "/booking-slots/{p}", param: "slot" },
  { method: "PATCH", path: "/bookings/{p}", param: "booking", valid: { attendance: "no-show" } },
  { method: "GET", path: "/customers" },
  { method: "GET", path: "/customers/{p}", param: "customer" },
  { method: "PUT", path: "/customers/{p}/notes", param: "customer", valid: { notes: "Fuzz note." } },
  { method: "GET", path: "/customers/{p}/export", param: "customer" },
  { method: "DELETE", path: "/customers/{p}", param: "customer" },
  { method: "DELETE", path: "/contact/submissions/{p}", param: "submission" },
  { method: "DELETE", path: "/media/{p}", param: "media" },
  { method: "DELETE", path: "/faqs/{p}", param: "faq" },
  { method: "DELETE", path: "/blog/{p}", param: "blog" },
  { method: "DELETE", path: "/gallery/{p}", param: "galleryItem" },
  { method: "DELETE", path: "/gallery/categories/{p}", param: "galleryCategory" },
  { method: "DELETE", path: "/products/{p}", param: "product" },
  { method: "DELETE", path: "/services/{p}", param: "service" },
];

// ---------------------------------------------------------------- arbitraries

const enc = encodeURIComponent;

const hostileSegment = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "1e3",
    "01",
    "0x10",
    "+1",
    "9007199254740993",
    "99999999999",
    "2147483648",
    "NaN",
    "Infinity",
    "null",
    "undefined",
    "true",
    "[]",
    "{}",
    "%00",
    "%ZZ",
    "%",
    "%E0%A4%A",
    "%C0%AF",
    "%F0%9F%92%A9",
    "..",
    "../",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2f%2e%2e%2f",
    "....//",
    "__proto__",
    "constructor",
    "prototype",
    "1%3BDROP%20TABLE%20services",
    "1%27%20OR%201%3D1",
    "%0d%0aSet-Cookie:%20x=1",
    "a".repeat(3000),
  ),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
  fc.double().map((value) => enc(String(value))),
  fc.string({ unit: "binary", maxLength: 30 }).map(enc),
);

const realParams = (param: Param) => {
  if (param === "slug") return fixtures.slugs;
  if (param === "barber") return fixtures.barbers;
  if (param === "token") return fixtures.tokens;
  return fixtures.ids[param] ?? [];
};

/** A path parameter naming an existing row two times in five, else something hostile. */
const paramArb = (param: Param | undefined) =>
  param
    ? fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...realParams(param)) },
        { weight: 3, arbitrary: hostileSegment },
      )
    : fc.constant("");

const paramArbValue = (param: Param) => realParams(param)[0] ?? "1";

const queryArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant("") },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              "admin",
              "sort",
              "from",
              "q",
              "category",
              "id",
              "__proto__",
              "constructor[prototype][polluted]",
              "admin[]",
              "sort[]",
              "a[b][c]",
              "",
              "%ZZ",
            ),
            fc.string({ maxLength: 10 }).map(enc),
          ),
          fc.oneof(
            fc.constantFrom(
              "true",
              "false",
              "1",
              "-1",
              "",
              "newest",
              "oldest",
              "price-low",
              "All",
              "2024-02-30",
              "9999-12-31",
              "0000-00-00",
              "%",
              "%ZZ",
              "%00",
              "x".repeat(4000),
            ),
            fc.string({ unit: "binary", maxLength: 30 }).map(enc),
          ),
        ),
        { maxLength: 5 },
      )
      .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join("&")}`),
  },
);

/** JSON text of a value a client should never send. */
const rawValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "null",
    "true",
    "false",
    "0",
    "-0",
    "-1",
    "1e999",
    "-1e999",
    "1e308",
    "5e-324",
    "9007199254740993",
    "123456789012345678901234567890",
    "0.1",
    "12.345",
    "1E2",
    '"NaN"',
    '"Infinity"',
    '"-Infinity"',
    '"1e999"',
    '"0x1F"',
    '"  "',
    '""',
    '"\\u0000"',
    '"١٢٣"',
    '"12,50"',
    '"£10"',
    '"<script>alert(1)</script>"',
    '"\' OR 1=1 --"',
    '"../../etc/passwd"',
    '"2024-02-30"',
    '"25:61"',
    '"javascript:alert(1)"',
    '"data:text/html,x"',
    '"//evil.example/x.png"',
    "[]",
    "{}",
    "[null]",
    '{"$gt":""}',
    '{"__proto__":{"isAdmin":true}}',
    '["1","2"]',
    "[1e999]",
  ),
  fc.string({ unit: "grapheme", maxLength: 40 }).map((text) => JSON.stringify(text)),
  fc.string({ unit: "binary", maxLength: 40 }).map((text) => JSON.stringify(text)),
  fc.double().map((value) => (Number.isFinite(value) ? String(value) : JSON.stringify(String(value)))),
  fc.integer().map(String),
  fc.nat({ max: 60_000 }).map((length) => JSON.stringify("é".repeat(length))),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);

const hostileKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "",
    " ",
    "id",
    "isAdmin",
    "is_admin",
    "status",
    "slug",
    "manageToken",
    "price_pence",
    "sort_order",
    "created_at",
    "reference",
  ),
  fc.string({ maxLength: 12 }),
);

const json = (label: string, data: string | Buffer): Body => ({ label, data, contentType: "application/json" });
const objectText = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`;

/** A valid body with some fields dropped, some replaced by hostile values, and hostile keys added. */
const mutatedBody = (valid: Record<string, unknown>) => {
  const keys = Object.keys(valid);
  return fc
    .tuple(
      fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      fc.array(fc.tuple(keys.length ? fc.oneof(fc.constantFrom(...keys), hostileKey) : hostileKey, rawValue), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([dropped, changes]) => {
      const entries: [string, string][] = Object.entries(valid)
        .filter(([key]) => !dropped.includes(key))
        .map(([key, value]) => [key, JSON.stringify(value)]);
      for (const [key, value] of changes) {
        const at = entries.findIndex(([name]) => name === key);
        if (at >= 0) entries[at] = [key, value];
        else entries.push([key, value]);
      }
      return json(`mutated ${changes.map(([key]) => key).join(",")}`, objectText(entries));
    });
};

const rawJunk = fc
  .oneof(
    fc.constantFrom(
      "{",
      "[1,",
      '{"a":',
      "NaN",
      "undefined",
      "{'a':1}",
      '{"a":1}}',
      "\u0000",
      "\ufeff{}",
      "null",
      '"just a string"',
      "1",
      "[]",
      "a=1&b=2",
      "<xml/>",
      '{"a":1,"a":2}',
      "[".repeat(40_000),
      `${"[".repeat(5000)}${"]".repeat(5000)}`,
    ),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  )
  .map((data) => json("raw junk", data));

const wrongType = (valid: Record<string, unknown>) =>
  fc
    .constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "multipart/form-data",
      "application/json; charset=utf-16",
      "application/json; charset=klingon",
      "application/vnd.api+json",
      "APPLICATION/JSON",
      "image/png",
    )
    .map((contentType): Body => ({ label: `as ${contentType}`, data: JSON.stringify(valid), contentType }));

const encoded = fc.constantFrom<Body>(
  {
    label: "gzip junk",
    data: Buffer.from("not gzip at all"),
    contentType: "application/json",
    contentEncoding: "gzip",
  },
  {
    label: "gzip bomb",
    data: zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, " ")),
    contentType: "application/json",
    contentEncoding: "gzip",
  },
  {
    label: "deflate valid",
    data: zlib.deflateSync(JSON.stringify(VALID.faq)),
    contentType: "application/json",
    contentEncoding: "deflate",
  },
  { label: "unknown encoding", data: "{}", contentType: "application/json", contentEncoding: "zstd-ish" },
  { label: "over 100 kB", data: JSON.stringify({ title: "x".repeat(150_000) }), contentType: "application/json" },
);

const bodyArb = (route: Route): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 6, arbitrary: mutatedBody(validFor(route)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => json("random JSON", JSON.stringify(value))) },
    { weight: 2, arbitrary: rawJunk },
    { weight: 1, arbitrary: wrongType(validFor(route)) },
    { weight: 1, arbitrary: encoded },
    { weight: 1, arbitrary: fc.constant<Body>({ label: "no body" }) },
  );

const roleArb = fc.constantFrom<Role>("admin", "admin", "visitor", "anonymous");

// ---------------------------------------------------------------- the check made on every call

let state: Snapshot;

async function probe(method: string, path: string, role: Role, body: Body) {
  const answer = await send(method, path, role, body);
  stats.calls++;
  const statusClass = `${Math.floor(answer.status / 100)}xx`;
  stats.byClass[statusClass] = (stats.byClass[statusClass] ?? 0) + 1;
  const sent = typeof body.data === "string" ? body.data.slice(0, 300) : body.data ? `<${body.data.length} bytes>` : "";
  const call = `${role} ${method} ${path.slice(0, 300)} [${body.label}${body.contentType ? `, ${body.contentType}` : ""}] ${sent}`;

  expect(answer.status, `${call}\n→ ${answer.status} ${answer.text.slice(0, 500)}`).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.contentType, `${call}\n→ a refusal must be JSON`).toContain("application/json");
    expect(typeof JSON.parse(answer.text).message, `${call}\n→ a refusal must carry a message`).toBe("string");
  }

  const after = await snapshot();
  const succeededWrite = answer.status < 300 && !["GET", "HEAD", "OPTIONS"].includes(method);
  // An admin's look at customers' personal data is recorded: the audit's own description says which.
  const url = new URL(path, "http://fuzz.test");
  const auditedRead =
    answer.status < 300 &&
    method === "GET" &&
    role === "admin" &&
    describeApiCall(method, url.pathname.replace(/^\/api/, ""), Object.fromEntries(url.searchParams)) !== null;
  // A refused sign-in is recorded in the audit log (and nothing else).
  const signInAttempt = method === "POST" && path.startsWith("/api/login");
  if (!succeededWrite) {
    const changed = changedParts(state, after).filter((part) => !(signInAttempt && part === "audit_log"));
    expect(changed, `${call}\n→ ${answer.status} ${answer.text.slice(0, 300)} changed data`).toEqual(
      auditedRead ? ["audit_log"] : [],
    );
  }
  state = after;
  // A successful sign-in or sign-out replaces the caller's session: keep each role signed in as it was.
  if (succeededWrite && (path.startsWith("/api/login") || path.startsWith("/api/logout")) && role !== "anonymous") {
    await resume(role);
    state = await snapshot();
  }
}

beforeAll(async () => {
  api = await startTestApi({
    cache: true,
    env: {
      LOGIN_MAX_ATTEMPTS: "1000000",
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: "1000000",
      CONTACT_MAX_PER_HOUR: "1000000",
      CONTACT_MAX_PER_EMAIL_PER_HOUR: "1000000",
      BOOKING_MAX_PER_HOUR: "1000000",
      BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000000",
    },
  });
  await createFixtures();
  await signIn("admin");
  await signIn("visitor");
  state = await snapshot();
  stats.started = Date.now();
});

afterAll(async () => {
  agent.destroy();
  console.log(
    `API fuzz: ${stats.calls} calls in ${((Date.now() - stats.started) / 1000).toFixed(1)} s (${RUNS} runs per route): ${JSON.stringify(stats.byClass)}`,
  );
  await api?.close();
});

describe("every API call under random and malformed input", () => {
  for (const route of ROUTES) {
    it(`${route.method} /api${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(roleArb, paramArb(route.param), queryArb, bodyArb(route), async (role, param, query, body) => {
          await probe(route.method, `/api${route.path.replace("{p}", param)}${query}`, role, body);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("unknown paths and methods", async () => {
    await fc.assert(
      fc.asyncProperty(
        roleArb,
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
        fc.array(fc.oneof(fc.constantFrom(...ROUTES.map((route) => route.path.split("/")[1]!)), hostileSegment), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.oneof(rawJunk, fc.constant<Body>({ label: "no body" })),
        async (role, method, segments, body) => {
          await probe(method, `/api/${segments.join("/")}`, role, body);
        },
      ),
      { numRuns: RUNS },
    );
  });

  // PostgreSQL refuses U+0000 in text, so a NUL byte reaching a query must be refused as bad input first.
  it("a NUL byte in any text field, path segment or query value", async () => {
    const failures: string[] = [];
    const attempt = async (method: string, path: string, body?: Record<string, unknown>) => {
      try {
        await probe(method, path, "admin", body ? json("NUL", JSON.stringify(body)) : { label: "no body" });
      } catch (error) {
        failures.push((error as Error).message.split("\n").slice(0, 2).join(" "));
      }
    };
    for (const route of ROUTES) {
      const path = `/api${route.path.replace("{p}", "a%00b")}`;
      await attempt(route.method, `${path}?q=a%00b&category=a%00b&from=a%00b&sort=a%00b`);
      const valid = validFor(route);
      for (const [key, value] of Object.entries(valid)) {
        if (typeof value !== "string") continue;
        const real = route.param ? `/api${route.path.replace("{p}", paramArbValue(route.param))}` : path;
        await attempt(route.method, real, { ...valid, [key]: `${value || "x"}\u0000b` });
      }
    }
    expect(failures).toEqual([]);
  });

  it("still answers, and nothing leaked onto Object.prototype", async () => {
    const answer = await send("GET", "/api/services", "anonymous");
    expect(answer.status).toBe(200);
    const probeObject: Record<string, unknown> = {};
    for (const key of ["isAdmin", "polluted", "is_admin", "status"]) expect(probeObject[key], key).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
