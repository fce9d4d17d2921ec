import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A loopback double of Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json): it checks
 * the Basic credentials, records each text and can "go down" (answers 503) so a test sees the retries, or
 * refuse one number as Twilio does (400 naming it in the message).
 */

export const TEST_TWILIO = { accountSid: "ACtestdouble", authToken: "twilio-test-token", from: "+447700900999" };

export interface SentText {
  to: string;
  from: string;
  body: string;
}

export async function startTwilioDouble() {
  const messages: SentText[] = [];
  const state = { down: false, refusedNumber: null as string | null };
  let counter = 0;
  const expectedAuth = `Basic ${Buffer.from(`${TEST_TWILIO.accountSid}:${TEST_TWILIO.authToken}`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (state.down) return reply(503, { code: 20500, message: "Service unavailable", status: 503 });
      const path = `/2010-04-01/Accounts/${TEST_TWILIO.accountSid}/Messages.json`;
      if (req.method !== "POST" || req.url !== path) return reply(404, { code: 20404, message: "Not found" });
      if (req.headers.authorization !== expectedAuth) return reply(401, { code: 20003, message: "Authenticate" });
      const params = new URLSearchParams(body);
      if (params.get("To") === state.refusedNumber) {
        return reply(400, {
          code: 21211,
          message: `The 'To' number ${state.refusedNumber} is not a valid phone number.`,
        });
      }
      const text = { to: params.get("To") ?? "", from: params.get("From") ?? "", body: params.get("Body") ?? "" };
      messages.push(text);
      reply(201, { sid: `SM${String(++counter).padStart(32, "0")}`, status: "queued", ...text });
    });
  });
  server.listen(0, "127.0.0.1");
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
