import type { Config } from "~/config.server";

/*
 * The one door to a text-message provider: a small interface so another (Vonage, MessageBird) can be added
 * beside Twilio's, which is reached through its plain HTTP Messages API (no SDK).
 */

export interface SmsProvider {
  /** Sends one text; throws when the provider refuses or cannot be reached (the job queue retries). */
  send(to: string, body: string): Promise<{ id: string }>;
}

type TwilioSettings = NonNullable<Config["twilio"]>;

/** A phone number as Twilio may write it in a message: + and digits, perhaps spaced or dashed. */
const PHONE_NUMBER = /\+?\d[\d\s-]{5,}\d/g;

export function twilioProvider(settings: TwilioSettings): SmsProvider {
  const endpoint = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  const sender = settings.from.startsWith("MG") ? "MessagingServiceSid" : "From";
  return {
    async send(to, body) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: to, [sender]: settings.from, Body: body }),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!response.ok || !answer.sid) {
        // Twilio's messages may quote the number; the error goes to the job's record and the log.
        const message = (answer.message ?? "no message id").replace(PHONE_NUMBER, "[the number]");
        throw new Error(`Twilio answered ${response.status}: ${message}`);
      }
      return { id: answer.sid };
    },
  };
}

/** The configured provider, or undefined when texts are not set up. */
export const smsProvider = (config: Pick<Config, "twilio">) =>
  config.twilio ? twilioProvider(config.twilio) : undefined;
