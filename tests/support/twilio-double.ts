import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A loopback double of Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json sends a text,
 * GET on the same path lists them newest first, filtered by To, From and DateSent (exact, `DateSent<` and
 * `DateSent>`, with a date YYYY-MM-DD or an ISO 8601 instant) and paged by PageSize, answering as Twilio does
 * (`messages`, `next_page_uri`, RFC 2822 dates). It checks the Basic credentials, can "go down" (answers 503)
 * so a test sees the retries, refuse one number as Twilio does (400 naming it in the message), and hold its
 * answer to a text it has already taken (`answerDelayMs`): the moment a crash leaves a sender unsure.
 */

export const TEST_TWILIO = { accountSid: "ACtestdouble", authToken: "twilio-test-token", from: "+447700900999" };

export interface SentText {
  sid: string;
  to: string;
  from: string;
  body: string;
  sentAt: Date;
}

interface TwilioDoubleOptions {
  /** The port to listen on (0: any free one). */
  port?: number;
  /** Called with each text as soon as it is taken, before the answer (which `answerDelayMs` may hold). */
  onText?: (text: SentText) => void;
}

/** The dates Twilio writes: "Fri, 27 Nov 2026 18:00:00 +0000". */
const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

/** A DateSent bound: a day (its first instant, or its last for an upper bound) or an instant. */
function dateBound(value: string, end: boolean) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${end ? "23:59:59.999" : "00:00:00.000"}Z`);
  return new Date(value);
}

export async function startTwilioDouble(options: TwilioDoubleOptions = {}) {
  const messages: SentText[] = [];
  const state = { down: false, refusedNumber: null as string | null, answerDelayMs: 0 };
  let counter = 0;
  const expectedAuth = `Basic ${Buffer.from(`${TEST_TWILIO.accountSid}:${TEST_TWILIO.authToken}`).toString("base64")}`;
  const path = `/2010-04-01/Accounts/${TEST_TWILIO.accountSid}/Messages.json`;

  const resource = (text: SentText) => ({
    sid: text.sid,
    account_sid: TEST_TWILIO.accountSid,
    to: text.to,
    from: text.from,
    body: text.body,
    status: "sent",
    direction: "outbound-api",
    date_created: rfc2822(text.sentAt),
    date_sent: rfc2822(text.sentAt),
    uri: `/2010-04-01/Accounts/${TEST_TWILIO.accountSid}/Messages/${text.sid}.json`,
  });

  function list(query: URLSearchParams) {
    const from = query.get("DateSent>");
    const until = query.get("DateSent<");
    const on = query.get("DateSent");
    const pageSize = Math.min(Number(query.get("PageSize") ?? 50), 1000);
    const page = Number(query.get("Page") ?? 0);
    const matching = messages
      .filter((text) => !query.has("To") || text.to === query.get("To"))
      .filter((text) => !query.has("From") || text.from === query.get("From"))
      .filter((text) => !from || text.sentAt >= dateBound(from, false))
      .filter((text) => !until || text.sentAt <= dateBound(until, true))
      .filter((text) => !on || (text.sentAt >= dateBound(on, false) && text.sentAt <= dateBound(on, true)))
      .toReversed();
    const pageOf = (index: number) => {
      const next = new URLSearchParams(query);
      next.set("Page", String(index));
      next.set("PageSize", String(pageSize));
      return `${path}?${next}`;
    };
    const more = (page + 1) * pageSize < matching.length;
    return {
      messages: matching.slice(page * pageSize, (page + 1) * pageSize).map(resource),
      page,
      page_size: pageSize,
      uri: pageOf(page),
      first_page_uri: pageOf(0),
      next_page_uri: more ? pageOf(page + 1) : null,
      previous_page_uri: page > 0 ? pageOf(page - 1) : null,
    };
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const reply = (status: number, json: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (state.down) return reply(503, { code: 20500, message: "Service unavailable", status: 503 });
      const url = new URL(req.url ?? "/", "http://twilio.invalid");
      if (url.pathname !== path || (req.method !== "POST" && req.method !== "GET")) {
        return reply(404, { code: 20404, message: "Not found" });
      }
      if (req.headers.authorization !== expectedAuth) return reply(401, { code: 20003, message: "Authenticate" });
      if (req.method === "GET") return reply(200, list(url.searchParams));
      const params = new URLSearchParams(body);
      if (params.get("To") === state.refusedNumber) {
        return reply(400, {
          code: 21211,
          message: `The 'To' number ${state.refusedNumber} is not a valid phone number.`,
        });
      }
      const text: SentText = {
        sid: `SM${String(++counter).padStart(32, "0")}`,
        to: params.get("To") ?? "",
        from: params.get("From") ?? params.get("MessagingServiceSid") ?? "",
        body: params.get("Body") ?? "",
        sentAt: new Date(),
      };
      messages.push(text);
      options.onText?.(text);
      const answer = () => reply(201, { ...resource(text), status: "queued" });
      if (state.answerDelayMs > 0) setTimeout(answer, state.answerDelayMs);
      else answer();
    });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    messages,
    state,
    env: {
      TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
      TWILIO_FROM: TEST_TWILIO.from,
      TWILIO_API_URL: url,
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type TwilioDouble = Awaited<ReturnType<typeof startTwilioDouble>>;
