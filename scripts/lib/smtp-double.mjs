// A local SMTP server for the operations scripts (the tests have their own, tests/support/smtp-sink.ts, which
// reads whole MIME trees): it records who each accepted message went to and its decoded subject.
import { SMTPServer } from "smtp-server";

/** RFC 2047 encoded words, as nodemailer writes a subject that holds a non-ASCII character (an en dash). */
const decodeWords = (value) =>
  value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_match, encoding, text) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, code) => String.fromCharCode(parseInt(code, 16))),
          "latin1",
        ).toString("utf8"),
  );

/** A header's value, unfolded and decoded ("" when the message has none). */
const headerOf = (raw, name) => {
  const head = raw.split("\r\n\r\n", 1)[0].replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((header) => header.toLowerCase().startsWith(`${name}:`));
  return line ? decodeWords(line.slice(name.length + 1).trim()) : "";
};

export const subjectOf = (raw) => headerOf(raw, "subject");

/**
 * Listens on `port`; `onAccepted(message)` runs right after the server has answered 250 for a message,
 * the moment the sender may take it as delivered (a message whose connection dropped before that
 * answer is not counted: the sender never learned it went). With `holdMs`, a slow server: it has the whole
 * message that long before it answers, and `onReceived(message)` runs as the hold begins (a receiving side may
 * deliver such a message although its sender never heard back; `received` keeps them).
 */
export async function startSmtpDouble({ port, onAccepted = () => {}, holdMs = 0, onReceived = () => {} }) {
  const messages = [];
  const received = [];
  const server = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const message = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: subjectOf(raw),
          messageId: headerOf(raw, "message-id"),
          at: Date.now(),
        };
        if (holdMs > 0) {
          received.push(message);
          onReceived(message);
          await new Promise((resolve) => setTimeout(resolve, holdMs));
        }
        callback();
        messages.push(message);
        onAccepted(message);
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    // The port listened on: with `port` 0 the system picks a free one.
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    messages,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
