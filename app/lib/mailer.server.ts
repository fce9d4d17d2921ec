import type { Transporter } from "nodemailer";

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * A Message-ID that stays the same when the same mail is sent again (a job retried after a crash
   * between the server's acceptance and our record of it), so mail stores can show it once.
   */
  messageId?: string;
  /** Extra headers (a review request's List-Unsubscribe); values are ours, never a visitor's. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** False when no SMTP server is configured: callers record that the mail was not sent. */
  readonly enabled: boolean;
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(smtpUrl: string | undefined, from: string | undefined): Mailer {
  if (!smtpUrl) {
    return {
      enabled: false,
      send: async () => {
        throw new Error("Mail is not configured (SMTP_URL is not set)");
      },
    };
  }
  // nodemailer is loaded with the first mail, not at start, to keep an idle server small.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    ));
  const sender = from ?? "Oldham Barbers <no-reply@localhost>";
  return {
    enabled: true,
    send: async (mail) => {
      await (await connect()).sendMail({ from: sender, ...mail });
    },
  };
}
