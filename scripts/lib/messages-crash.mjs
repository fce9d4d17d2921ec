// The crash test's messages phase (decision 043): bookings whose confirmation is mailed and texted, a slow Twilio
// double and a slow SMTP server, and two kill -9s: one while a text is at Twilio (taken, not yet answered), one
// while a mail is at the SMTP server (received, its 250 not yet given). After the restarts and the leases, each
// text must have gone exactly once, and each mail once or again with the same Message-ID.
import { Client, bookableServiceId, bookingBody, createSlots, expectStatus, reportChecks } from "./app-server.mjs";
import { startSmtpDouble } from "./smtp-double.mjs";
import { startTwilioDouble } from "../../tests/support/twilio-double.ts";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every half second until it answers true; false when `timeoutMs` ran out first. */
async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(500);
  }
  return false;
}

const phoneOf = (index) => `07700900${String(index).padStart(3, "0")}`;
const e164 = (phone) => `+44${phone.slice(1)}`;

export async function messagesPhase({ startServer, readDatabase, marker, count, twilioDelayMs, smtpHoldMs }) {
  let server;
  let strike;
  const kills = [];
  // Each kill strikes once, at the first text or mail to arrive while it is armed.
  const killNow = (what) => {
    if (!strike || strike.what !== what) return;
    const armed = strike;
    strike = undefined;
    armed.done = server.kill9().then(() => kills.push({ what, at: Date.now() }));
  };
  const twilio = await startTwilioDouble({ onText: () => killNow("text") });
  twilio.state.answerDelayMs = twilioDelayMs;
  const smtp = await startSmtpDouble({ port: 0, holdMs: smtpHoldMs, onReceived: () => killNow("mail") });
  const env = { ...twilio.env, SMTP_URL: smtp.url };
  let verifier;
  try {
    server = await startServer(env);
    verifier = await readDatabase();
    const admin = await new Client(server.url).signIn();
    const serviceId = await bookableServiceId(admin);
    const slots = await createSlots(admin, { fromDays: 500, days: 1 });
    const customer = new Client(server.url);
    const bookings = [];
    // Booked while the server is up; the kills are armed once all are in, so the queue is then full.
    for (let index = 0; index < count; index++) {
      const body = { ...bookingBody(serviceId, `${marker}-${index}`), customerPhone: phoneOf(index), smsConsent: true };
      const answer = await customer.patch(`/api/booking-slots/${slots[index].id}`, body);
      const { reference } = expectStatus(answer, 200, "Booking with texts");
      bookings.push({ reference, email: body.customerEmail, phone: e164(body.customerPhone) });
    }
    const started = Date.now();
    for (const what of ["text", "mail"]) {
      strike = { what };
      const armed = strike;
      const struck = await waitFor(() => armed.done !== undefined, 5 * 60_000);
      if (!struck) throw new Error(`No ${what} reached its double within 5 minutes`);
      await armed.done;
      server = await startServer(env);
    }
    console.log(
      `\nMessages: ${count} bookings mailed and texted (Twilio answers after ${twilioDelayMs} ms, the SMTP server after ${smtpHoldMs} ms); kill -9 ${kills.map((kill) => `while a ${kill.what} was in flight (${kill.at - started} ms)`).join(", then ")}`,
    );
    const restartedAt = Date.now();
    const dueQuery = `select count(*) as n from jobs where kind in ('booking-mail', 'booking-text') and state = 'pending' and run_at <= '${new Date().toISOString()}'`;
    // The job in the dead worker's hands waits for its lease (2 minutes) to run out.
    const drained = await waitFor(async () => Number((await verifier.query(dueQuery))[0].n) === 0, 8 * 60_000);
    const [failed] = await verifier.query(
      "select count(*) as n from jobs where kind in ('booking-mail', 'booking-text') and state = 'failed'",
    );
    const [sending] = await verifier.query("select count(*) as n from text_messages where state = 'sending'");
    const textCounts = bookings.map((booking) => twilio.messages.filter((text) => text.to === booking.phone).length);
    // A mail counts once the SMTP server has it, answered or not: a receiving side may deliver either.
    const mailsOf = (booking) =>
      smtp.received.filter((mail) => mail.to.includes(booking.email) && mail.subject.includes(booking.reference));
    const mailIds = bookings.map((booking) => mailsOf(booking).map((mail) => mail.messageId));
    const resentSameId = mailIds.filter((ids) => ids.length > 1 && new Set(ids).size === 1).length;
    console.log(
      [
        `queue ${drained ? "drained" : "NOT drained"} ${Math.round((Date.now() - restartedAt) / 1000)} s after the last restart`,
        `texts at Twilio: ${twilio.messages.length} for ${count} bookings; mails at the SMTP server: ${smtp.received.length} (${resentSameId} sent again after the kill, with the same Message-ID)`,
      ].join("\n"),
    );
    const checks = [
      ["bookings texted more than once", textCounts.filter((n) => n > 1).length],
      ["bookings never texted", textCounts.filter((n) => n === 0).length],
      ["bookings never mailed", mailIds.filter((ids) => ids.length === 0).length],
      ["mails sent again under another Message-ID", mailIds.filter((ids) => new Set(ids).size > 1).length],
      ["texts still recorded as sending", Number(sending.n)],
      ["mail and text jobs failed for good", Number(failed.n)],
      ["due mail and text jobs still pending", drained ? 0 : 1],
    ];
    return reportChecks(checks);
  } finally {
    await verifier?.close();
    await server?.stop();
    await twilio.close();
    await smtp.close();
  }
}
