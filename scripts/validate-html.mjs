#!/usr/bin/env node
// `npm run validate:html`: the W3C Nu HTML Checker (the `vnu-jar` package, which needs Java) over every
// page of the production build — the server HTML of the public, booking, manage, admin and error pages,
// then the hydrated DOM of the admin screens with their dialogs open. Prints each error and the count;
// exits 1 unless it is 0. It builds nothing: run `node scripts/start.mjs --build-only` first.
//
//   npm run validate:html                 on a temporary DATA_DIR, port 4390
//   npm run validate:html -- --port 4205
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium } from "@playwright/test";
import {
  ADMIN,
  Client,
  bookableServiceId,
  bookingBody,
  bundlePath,
  contactBody,
  createSlots,
  expectStatus,
  parseFlags,
  startApp,
  tempDataDir,
} from "./lib/app-server.mjs";

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const flags = parseFlags();
const port = Number(flags.port ?? 4390);

if (spawnSync("java", ["-version"], { stdio: "ignore" }).status !== 0) {
  console.error(
    "Java is missing: the Nu HTML Checker (vnu-jar) runs on it. Install it with\n" +
      "  apt-get install -y default-jre-headless",
  );
  process.exit(1);
}
if (!fs.existsSync(bundlePath())) {
  console.error(`No production build at ${bundlePath()}: run \`node scripts/start.mjs --build-only\` first.`);
  process.exit(1);
}

const dataDir = tempDataDir("validate-html");
const pagesDir = path.join(dataDir, "pages");
fs.mkdirSync(pagesDir);
/** File name in pagesDir → what it shows, for the report. */
const checked = new Map();

function keep(label, html) {
  const file = path.join(pagesDir, `${String(checked.size).padStart(2, "0")}.html`);
  fs.writeFileSync(file, html);
  checked.set(file, label);
}

const app = await startApp({ port, dataDir, label: "validate-html" });
try {
  const visitor = new Client(app.url);
  const admin = await new Client(app.url).signIn();

  // A booking to manage, on a day of its own well past the demo slots.
  const serviceId = await bookableServiceId(admin);
  const [slot, openSlot] = await createSlots(admin, { fromDays: 200, days: 1, startTime: "10:00", endTime: "10:30" });
  const booked = expectStatus(
    await visitor.patch(`/api/booking-slots/${slot.id}`, bookingBody(serviceId, 1)),
    200,
    "Booking a slot",
  );
  expectStatus(await visitor.post("/api/contact", contactBody("for the checker")), 201, "Sending a message");
  const [post] = expectStatus(await visitor.get("/api/blog"), 200, "Listing posts");
  const [barber] = expectStatus(await visitor.get("/api/barbers"), 200, "Listing barbers");
  const manageUrl = `/bookings/manage/${booked.manageToken}`;
  // The booking page as its forms leave it without JavaScript: a service, a date and a time chosen.
  const chosenUrl = `/bookings?service=${serviceId}&date=${openSlot.date}&time=slot:${openSlot.id}`;

  const publicPages = [
    "/",
    "/gallery",
    "/prices",
    "/products",
    "/blog",
    `/blog/${post.slug}`,
    "/contact",
    "/bookings",
    chosenUrl,
    manageUrl,
    "/faq",
    "/barbers-near-me",
    `/barbers/${barber.slug}`,
    "/team",
    "/privacy",
    "/admin",
    "/no-such-page",
  ];
  // A customer's record lives at their number (decision 041).
  const customer = expectStatus(
    await admin.get(`/api/customers/${encodeURIComponent("customer1@example.com")}`),
    200,
    "Reading a customer's record",
  );
  const adminPages = [
    "/admin",
    "/admin/services",
    "/admin/gallery",
    "/admin/products",
    "/admin/blog",
    "/admin/media",
    "/admin/contact",
    "/admin/bookings",
    "/admin/faq",
    "/admin/team",
    "/admin/customers",
    `/admin/customers/${customer.id}`,
    "/admin/calendar",
    "/admin/import",
    "/admin/settings",
    "/admin/accounts",
    "/admin/activity",
    "/admin/api",
  ];
  for (const url of publicPages)
    keep(`server HTML of ${url}`, (await visitor.get(url, { headers: { accept: "text/html" } })).text);
  // The contact page answering a form posted without JavaScript, with its field errors.
  const posted = await fetch(`${app.url}/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, accept: "text/html" },
    body: new URLSearchParams({ name: "A", email: "not-an-email", phone: "", message: "" }),
  });
  keep("server HTML of /contact after a refused post", await posted.text());
  // The booking page answering its details form posted without JavaScript: refused, then booked.
  const postBooking = (details) =>
    fetch(`${app.url}${chosenUrl}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, accept: "text/html" },
      body: new URLSearchParams({ services: serviceId, slotId: String(openSlot.id), ...details }),
    });
  const refusedBooking = await postBooking({ customerName: "A", customerEmail: "x", customerPhone: "1" });
  keep("server HTML of /bookings after a refused post", await refusedBooking.text());
  const { customerName, customerEmail, customerPhone } = bookingBody(serviceId, 2);
  const plainBooking = await postBooking({ customerName, customerEmail, customerPhone });
  keep("server HTML of /bookings after a booking posted without JavaScript", await plainBooking.text());
  for (const url of adminPages) {
    keep(`server HTML of ${url}, signed in`, (await admin.get(url, { headers: { accept: "text/html" } })).text);
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    const dom = async (label) =>
      keep(label, `<!DOCTYPE html>${await page.evaluate(() => document.documentElement.outerHTML)}`);
    const hydrated = async (url) => {
      // Hydrated when the scripts have run and the page has fetched what it needs.
      await page.goto(url, { waitUntil: "networkidle" });
    };

    await hydrated("/bookings");
    await dom("hydrated /bookings");
    await hydrated(manageUrl);
    await dom(`hydrated ${manageUrl}`);
    await hydrated("/contact");
    await dom("hydrated /contact");

    const login = await context.request.post("/api/login", { data: ADMIN });
    if (login.status() !== 200) throw new Error(`Sign-in failed: ${login.status()}`);
    const dialogs = [
      { url: "/admin/services", button: "Add New Service" },
      { url: "/admin/gallery", button: "Add Gallery Item" },
      { url: "/admin/gallery", button: "Add Category" },
      { url: "/admin/products", button: "Add New Product", then: "Image Choose Image" },
      { url: "/admin/blog", button: "Add New Post" },
      { url: manageUrl, button: "Cancel booking" },
      { url: "/admin/contact", button: /^Delete/ },
    ];
    for (const url of adminPages) {
      await hydrated(url);
      await dom(`hydrated ${url}`);
    }
    for (const { url, button, then } of dialogs) {
      console.log(`Opening "${button}" on ${url}`);
      await hydrated(url);
      // "Add New Service" is a link that opens its dialog once hydrated (its form is on the page without JavaScript).
      await page
        .getByRole("button", { name: button })
        .or(page.getByRole("link", { name: button }))
        .first()
        .click();
      await page.getByRole("dialog").or(page.getByRole("alertdialog")).first().waitFor();
      if (then) {
        await page.getByRole("button", { name: then }).click();
        await page.getByRole("dialog", { name: "Choose an Image" }).waitFor();
      }
      await dom(`${url} with the "${button}${then ? ` → ${then}` : ""}" dialog open`);
    }
    await hydrated("/admin/bookings");
    await page
      .getByRole("group", { name: /available/i })
      .getByRole("button", { disabled: false, name: /\d{4}/ })
      .last()
      .click();
    await page.getByRole("button", { name: "Add Slots" }).click();
    await page.getByRole("dialog", { name: "Add New Booking Slots" }).waitFor();
    await dom(`/admin/bookings with the "Add Slots" dialog open`);
  } finally {
    await browser.close();
  }
} finally {
  await app.stop();
}

const result = spawnSync("java", ["-jar", vnuJar, "--format", "json", "--errors-only", ...checked.keys()], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
const messages = JSON.parse(result.stderr || '{"messages": []}').messages;
const errors = messages.filter((message) => message.type === "error" || message.subType === "fatal");
// One line per document and distinct message, so 35 identical cells read as one finding.
const findings = new Map();
for (const error of errors) {
  const where = checked.get(new URL(error.url).pathname) ?? error.url;
  const key = `${where}: ${error.message}`;
  const finding = findings.get(key) ?? { count: 0, extract: (error.extract ?? "").replace(/\s+/g, " ") };
  finding.count++;
  findings.set(key, finding);
}
for (const [key, { count, extract }] of findings)
  console.log(`✗ ${count > 1 ? `${count} × ` : ""}${key}\n    ${extract}`);
console.log(`\nNu HTML Checker: ${errors.length} error(s) over ${checked.size} documents.`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(errors.length === 0 ? 0 : 1);
