import type { Db } from "~/db/client.server";
import { enqueueJob, type JobHandlers, jobMessageId } from "~/features/jobs/index.server";
import { loadPaymentRules } from "~/features/payments/index.server";
import { isOptedOut } from "~/features/texts/index.server";
import { clockNow } from "~/lib/clock";
import { joinedMail } from "./waitlist-mail.server";
import { serviceTitles } from "./waitlist-rows.server";

/*
 * The mail that confirms a place on the waitlist. Its job carries the entry's id and reads the entry when it runs
 * (decision 043): an entry left or erased meanwhile is not mailed.
 */

const JOINED_MAIL_JOB = "waitlist-joined-mail";

interface JoinedMailJob {
  entryId: number;
}

/** Queued in the transaction that adds the entry. */
export async function queueJoinedMail(db: Db, entryId: number, now: Date = clockNow()) {
  const payload: JoinedMailJob = { entryId };
  await enqueueJob(db, { kind: JOINED_MAIL_JOB, payload }, now);
}

export const joinedMailHandlers: JobHandlers = {
  [JOINED_MAIL_JOB]: {
    async run(ctx, payload, job) {
      const { entryId } = payload as JoinedMailJob;
      const entry = await ctx.db
        .selectFrom("waitlist_entries as e")
        .leftJoin("team_members as m", "m.id", "e.member_id")
        .select([
          "e.date",
          "e.earliest",
          "e.latest",
          "e.status",
          "e.customer_name",
          "e.customer_email",
          "e.customer_phone",
          "e.sms_consent",
          "m.name",
        ])
        .where("e.id", "=", entryId)
        .executeTakeFirst();
      if (!entry || entry.status !== "waiting" || !ctx.mailer.enabled) return;
      const shop = await ctx.settings();
      const texted =
        entry.sms_consent === 1 &&
        ctx.config.twilio !== undefined &&
        (await loadPaymentRules(ctx.db)).textsEnabled &&
        !(await isOptedOut(ctx.db, entry.customer_phone));
      const mail = joinedMail(
        shop,
        {
          customerName: entry.customer_name,
          customerEmail: entry.customer_email,
          date: entry.date,
          earliest: entry.earliest,
          latest: entry.latest,
          memberName: entry.name,
          services: (await serviceTitles(ctx.db, [entryId])).get(entryId) ?? [],
          texted,
          holdMinutes: shop.waitlistHoldMinutes,
        },
        ctx.config.mail.shopEmail,
      );
      await ctx.mailer.send({ ...mail, messageId: jobMessageId(ctx, job) });
    },
  },
};
