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

export const subjectOf = (raw) => {
  const head = raw.split("\r\n\r\n", 1)[0].replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((header) => /^subject:/i.test(header));
  return line ? decodeWords(line.slice("subject:".length).trim()) : "";
};

/**
 * Listens on `port`; `onAccepted(message)` runs right after the server has answered 250 for a message,
 * the moment the sender may take it as delivered (a message whose connection dropped before that
 * answer is not counted: the sender never learned it went).
 */
export async function startSmtpDouble({ port, onAccepted = () => {} }) {
  const messages = [];
  const server = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const message = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: subjectOf(Buffer.concat(chunks).toString("utf8")),
          at: Date.now(),
        };
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
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
