import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { decryptSecret, encryptSecret, type SecretKeySource } from "~/lib/secret-box.server";
import { HttpError, badRequest } from "~/lib/http-error";
import { createMailer, type Mailer, type SmtpServer } from "~/lib/mailer.server";
import type { Config } from "~/config.server";
import { DEFAULT_SMTP_PORT, type MailSettingsValues, type MailSettingsView } from "./mail-settings.schema";

const PASSWORD_PURPOSE = "smtp-password";

const readRow = (db: Db) => db.selectFrom("mail_settings").selectAll().where("id", "=", 1).executeTakeFirst();

/** The stored server as the mailer uses it; null when none is set. A password sealed under another key is dropped. */
export async function storedSmtpServer(db: Db, keys: SecretKeySource): Promise<SmtpServer | null> {
  const row = await readRow(db);
  if (!row) return null;
  const password = row.password_sealed ? (decryptSecret(keys, PASSWORD_PURPOSE, row.password_sealed) ?? "") : "";
  return { host: row.host, port: row.port, user: row.username, password, from: row.from_address };
}

export async function getMailSettings(ctx: Pick<RequestContext, "db" | "config">): Promise<MailSettingsView> {
  const row = await readRow(ctx.db);
  return {
    host: row?.host ?? "",
    port: row?.port ?? DEFAULT_SMTP_PORT,
    user: row?.username ?? "",
    from: row?.from_address ?? "",
    passwordSet: Boolean(row?.password_sealed),
    fromEnvironment: Boolean(ctx.config.mail.smtpUrl),
  };
}

/**
 * Stores the server (an empty host removes it, and with it sending unless SMTP_URL is set). An empty
 * password keeps the stored one; a new one is sealed with SECRET_KEY. This instance's mailer uses it at once.
 */
export async function saveMailSettings(ctx: RequestContext, input: MailSettingsValues) {
  if (input.host === "") {
    await ctx.db.deleteFrom("mail_settings").execute();
  } else {
    const current = await readRow(ctx.db);
    const sealed = input.password
      ? encryptSecret(ctx.config, PASSWORD_PURPOSE, input.password)
      : input.clearPassword
        ? null
        : (current?.password_sealed ?? null);
    const row = {
      host: input.host,
      port: input.port,
      username: input.user,
      password_sealed: sealed,
      from_address: input.from,
      updated_at: new Date().toISOString(),
    };
    await ctx.db
      .insertInto("mail_settings")
      .values({ id: 1, ...row })
      .onConflict((conflict) => conflict.column("id").doUpdateSet(row))
      .execute();
  }
  await ctx.mailer.refresh();
  return getMailSettings(ctx);
}

/** Mails the shop's address through the current server now (not through the job queue), to show it works. */
export async function sendTestMail(ctx: RequestContext): Promise<{ message: string }> {
  const to = ctx.config.mail.shopEmail || (await ctx.settings()).email;
  if (!to) throw badRequest("Set the shop's public email first: the test mail goes there.");
  await ctx.mailer.refresh();
  if (!ctx.mailer.enabled) throw badRequest("No mail server is set up yet. Save one first.");
  try {
    await ctx.mailer.send({
      to,
      subject: "Test mail from your booking site",
      text: "This is a test mail from the shop's booking site: its mail settings work.",
    });
  } catch (error) {
    throw new HttpError(502, `The mail server did not take the test mail: ${(error as Error).message}`);
  }
  return { message: `Test mail sent to ${to}.` };
}

/** The app's mailer: SMTP_URL when set, else the server stored here, read again on each send. */
export function mailerFor(db: Db, config: Config): Mailer {
  return createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    stored: () => storedSmtpServer(db, config),
  });
}
