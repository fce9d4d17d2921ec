import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eDataDir } from "./e2e-env";

/* The mails the e2e server of the running test sent, as its SMTP double keeps them (tests/support/e2e-server.mjs). */

export interface E2eMail {
  to: string[];
  subject: string;
  text: string;
}

export function sentMails(to: string): E2eMail[] {
  const dir = path.join(e2eDataDir(), "mails");
  return fs
    .readdirSync(dir)
    .toSorted()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as E2eMail)
    .filter((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()));
}

/** Waits for the job worker to send a mail to `to` whose subject matches, and answers the latest. */
export async function waitForMail(to: string, subject: RegExp): Promise<E2eMail> {
  let found: E2eMail | undefined;
  await expect
    .poll(() => (found = sentMails(to).findLast((mail) => subject.test(mail.subject))), { timeout: 15_000 })
    .toBeDefined();
  return found!;
}
