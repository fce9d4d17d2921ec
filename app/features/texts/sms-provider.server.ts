import type { Config } from "~/config.server";

/*
 * The one door to a text-message provider: a small interface so another (Vonage, MessageBird) can be added
 * beside Twilio's, which is reached through its plain HTTP Messages API (no SDK). Twilio takes no idempotency
 * key for a text, so a sender unsure whether an attempt went asks its message list instead (decision 043).
 */

export interface SmsProvider {
  /**
   * Sends one text; throws when the provider refuses or cannot be reached (the job queue retries). A
   * `ProviderRefusal` means the provider answered and did not take the text; any other error leaves it unknown.
   */
  send(to: string, body: string): Promise<{ id: string }>;
  /** The id of a text with this body sent to `to` since `since`, if the provider has one (throws when unreachable). */
  findSent(to: string, body: string, since: Date): Promise<{ id: string } | undefined>;
}

/** The provider answered and did not take the text: it certainly did not go. */
export class ProviderRefusal extends Error {}

type TwilioSettings = NonNullable<Config["twilio"]>;

/** A phone number as Twilio may write it in a message: + and digits, perhaps spaced or dashed. */
const PHONE_NUMBER = /\+?\d[\d\s-]{5,}\d/g;

/** Twilio's statuses of a text that never left it; any other (queued, sent, delivered, undelivered…) went out. */
const NOT_SENT = new Set(["failed", "canceled"]);
/** Pages of the message list read at most: a phone gets a handful of texts a day from one shop. */
const MAX_PAGES = 10;

interface TwilioList {
  messages?: Array<{ sid: string; body: string; status: string }>;
  next_page_uri?: string | null;
}

export function twilioProvider(settings: TwilioSettings): SmsProvider {
  const messagesPath = `/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  const sender = settings.from.startsWith("MG") ? "MessagingServiceSid" : "From";
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${settings.apiUrl}${path}`, {
      ...init,
      headers: { authorization: auth, ...init.headers },
      signal: AbortSignal.timeout(15_000),
    });
    return { response, answer: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  };
  // Twilio's messages may quote the number; the error goes to the job's record and the log.
  const failure = (status: number, answer: Record<string, unknown>) =>
    `Twilio answered ${status}: ${String(answer.message ?? "no message id").replace(PHONE_NUMBER, "[the number]")}`;
  return {
    async send(to, body) {
      const { response, answer } = await call(messagesPath, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: to, [sender]: settings.from, Body: body }),
      });
      if (response.ok && typeof answer.sid === "string") return { id: answer.sid };
      // An error status is Twilio not taking the text; a success without a message id leaves it unknown.
      throw response.ok
        ? new Error(failure(response.status, answer))
        : new ProviderRefusal(failure(response.status, answer));
    },
    async findSent(to, body, since) {
      // DateSent> takes a day (UTC): the list starts at the day of the attempt, newest first.
      const query = new URLSearchParams({ To: to, "DateSent>": since.toISOString().slice(0, 10), PageSize: "100" });
      let path: string | null | undefined = `${messagesPath}?${query}`;
      for (let page = 0; path && page < MAX_PAGES; page++) {
        const { response, answer } = await call(path);
        if (!response.ok) throw new Error(failure(response.status, answer));
        const list = answer as TwilioList;
        // Ends with: a trial account puts its own words before the body.
        const match = list.messages?.find((message) => message.body.endsWith(body) && !NOT_SENT.has(message.status));
        if (match) return { id: match.sid };
        path = list.next_page_uri;
      }
      return undefined;
    },
  };
}

/** The configured provider, or undefined when texts are not set up. */
export const smsProvider = (config: Pick<Config, "twilio">) =>
  config.twilio ? twilioProvider(config.twilio) : undefined;
