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

/**
 * A visitor's text of several lines (notes, a message) in the body of a plain-text mail: every line is
 * quoted ("> "), so none of it can pass for a line of the shop's own (a forged "Bcc:" or "From:").
 */
export const quoteLines = (text: string) =>
  text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => `> ${line}`)
    .join("\n");
/** An SMTP server as the owner sets it on the settings screen. */
export interface SmtpServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The sender, e.g. "Oldham Barbers <bookings@…>"; empty for SMTP_FROM or the default. */
  from: string;
}

export interface Mailer {
  /** False when no SMTP server is configured: callers record that the mail was not sent. */
  readonly enabled: boolean;
  send(mail: OutgoingMail): Promise<void>;
  /** Reads the stored server again now (after the owner saved it), rather than within a few seconds. */
  refresh(): Promise<void>;
}

export interface MailerOptions {
  /** SMTP_URL: when set, it wins over anything stored. */
  smtpUrl?: string;
  /** SMTP_FROM: the sender when the stored server names none. */
  from?: string;
  /** The server stored in the database (settings screen), or null when none is. */
  stored?: () => Promise<SmtpServer | null>;
}

/** How long another instance's change of the stored server may go unseen by `enabled`; a send reads it afresh. */
const STORED_TTL_MS = 10_000;
const DEFAULT_SENDER = "Oldham Barbers <no-reply@localhost>";
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

// nodemailer is loaded with the first mail, not at start, to keep an idle server small.
const nodemailer = () => import("nodemailer").then((module) => module.default);

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, stored } = options;
  const sender = options.from || DEFAULT_SENDER;
  if (smtpUrl) {
    let transport: Promise<Transporter> | undefined;
    return {
      enabled: true,
      send: async (mail) => {
        transport ??= nodemailer().then((mailer) => mailer.createTransport(smtpUrl, TIMEOUTS));
        await (await transport).sendMail({ from: sender, ...mail });
      },
      refresh: async () => {},
    };
  }

  let server: SmtpServer | null = null;
  let readAt = 0;
  let reading: Promise<void> | undefined;
  let transport: { key: string; transporter: Promise<Transporter> } | undefined;
  const refresh = () =>
    (reading ??= (async () => {
      try {
        server = stored ? await stored() : null;
        readAt = Date.now();
      } finally {
        reading = undefined;
      }
    })());

  return {
    get enabled() {
      if (Date.now() - readAt > STORED_TTL_MS) void refresh().catch(() => undefined);
      return server !== null;
    },
    refresh,
    send: async (mail) => {
      await refresh();
      const current = server;
      if (!current) throw new Error("Mail is not configured (no SMTP server is set)");
      const key = JSON.stringify(current);
      if (transport?.key !== key) {
        transport = {
          key,
          transporter: nodemailer().then((mailer) =>
            mailer.createTransport({
              host: current.host,
              port: current.port,
              // 465 speaks TLS from the start; other ports upgrade with STARTTLS when the server offers it.
              secure: current.port === 465,
              auth: current.user ? { user: current.user, pass: current.password } : undefined,
              ...TIMEOUTS,
            }),
          ),
        };
      }
      await (await transport.transporter).sendMail({ from: current.from || sender, ...mail });
    },
  };
}
