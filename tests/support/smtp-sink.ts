import net, { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/*
 * A real SMTP server on an ephemeral port for tests (the third-party double the
 * house rules allow), plus just enough MIME reading to check what arrived.
 */

export interface MimePart {
  headers: Map<string, string>;
  /** The decoded body (base64 and quoted-printable undone), as UTF-8 text. */
  body: string;
  parts: MimePart[];
}

export interface ReceivedMail extends MimePart {
  envelopeTo: string[];
  subject: string;
  /** Every leaf part, depth first: the text body and the attachments. */
  leaves: MimePart[];
}

const decodeQuotedPrintable = (text: string) => {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
};

/** RFC 2047 encoded words, as nodemailer writes non-ASCII headers. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );

export function parseMime(raw: string): MimePart {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const content = split === -1 ? "" : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeader(line.slice(colon + 1).trim()));
  }
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = content.split(`--${boundary}`).slice(1);
    const parts = sections
      .filter((section) => !section.startsWith("--"))
      .map((section) => parseMime(section.replace(/^\r\n/, "").replace(/\r\n$/, "")));
    return { headers, body: "", parts };
  }
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  const body =
    encoding === "base64"
      ? Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(content)
        : content;
  return { headers, body, parts: [] };
}

const leavesOf = (part: MimePart): MimePart[] => (part.parts.length ? part.parts.flatMap(leavesOf) : [part]);

export interface SmtpSinkOptions {
  /** Awaited before the server answers "250" to a message: holds a sender mid-send for as long as a test needs. */
  beforeAnswer?: () => Promise<void>;
  /** Recipients refused with a 550, as a mail server refuses a mailbox that does not exist (a bounce). */
  refuse?: string[];
  /** The server asks for this username and password (in the clear, being local) and refuses others. */
  login?: { user: string; password: string };
  /** Called with each mail as it arrives (the e2e server keeps them as files for the specs). */
  onMail?: (mail: ReceivedMail) => void;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const messages: ReceivedMail[] = [];
  const refused = new Set((options.refuse ?? []).map((address) => address.toLowerCase()));
  const { login } = options;
  const server = new SMTPServer({
    // A plain local server: no TLS upgrade to negotiate, and no login to give unless one is asked for.
    disabledCommands: login ? ["STARTTLS"] : ["AUTH", "STARTTLS"],
    authOptional: !login,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      // Real servers name the refused address in the reply, which is how it ends up in stored errors.
      const error = Object.assign(new Error(`<${address.address}>: mailbox unavailable`), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        await options.beforeAnswer?.();
        const mime = parseMime(Buffer.concat(chunks).toString("utf8"));
        const mail: ReceivedMail = {
          ...mime,
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: mime.headers.get("subject") ?? "",
          leaves: leavesOf(mime),
        };
        messages.push(mail);
        options.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The mails sent to an address (envelope recipient). */
    to: (address: string) => messages.filter((mail) => mail.envelopeTo.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** An SMTP address where nothing listens: connections are refused at once. */
export async function closedSmtpUrl() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `smtp://127.0.0.1:${port}`;
}
