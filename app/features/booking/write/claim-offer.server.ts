import type { RequestContext } from "~/context";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { abandonCheckout } from "~/features/payments/index.server";
import { closeOffer, entryByToken, entryServiceIds, newToken, refusalOf } from "./offer-entry.server";
import { clockNow } from "~/lib/clock";
import { chosenServices } from "../availability.server";
import { bookTimeTransaction } from "./claim.server";
import { insertBooking, openPayment } from "./insert.server";
import { confirmationOf } from "./place.server";

/* A waitlist offer claimed: the time held for the customer (waitlist-offers.server.ts) becomes their booking. */

/**
 * POST /api/waitlist/{token}/claim and the offer page's Claim button: the held slot is booked through the
 * booking write path (the customer's overlap check, the booking rows, the confirmation mails) in the same
 * transaction as the conditional update that takes the offer, so of two claims, or a claim and the hold's
 * expiry, exactly one wins. Answers the booking's confirmation, as POST /api/bookings does.
 */
export async function claimOffer(ctx: RequestContext, token: string, now: Date = clockNow()) {
  const entry = await entryByToken(ctx.db, token);
  const early = refusalOf(entry, now);
  if (early) throw early;
  const rules = await ctx.settings();
  const serviceIds = await entryServiceIds(ctx.db, entry.id);
  const { services, totals } = await chosenServices(ctx.db, serviceIds, rules);
  const manageToken = newToken();
  // A claim is an online booking: a deposit or card the shop asks for is asked here too, and the claimed time
  // then waits for it as any booking does (unpaid at the hold's end, it goes to the next person waiting).
  const pending = await openPayment(ctx, rules.shopName, services, totals, entry.customer_email, now);
  try {
    const { booking } = await bookTimeTransaction(ctx.db, async (trx) => {
      const heldSlotId = await closeOffer(trx, entry.id, "booked", now);
      const held = await trx
        .selectFrom("booking_slots")
        .select(["date", "start_time"])
        .where("id", "=", heldSlotId)
        .executeTakeFirstOrThrow();
      const request = {
        services: serviceIds,
        customerName: entry.customer_name,
        customerEmail: entry.customer_email,
        customerPhone: entry.customer_phone,
        notes: "",
        smsConsent: entry.sms_consent === 1,
      };
      const made = await insertBooking(
        trx,
        { id: heldSlotId, date: held.date, startTime: held.start_time },
        request,
        services,
        totals,
        rules,
        now,
        { manageToken, secrets: ctx.config },
        pending,
      );
      await trx
        .updateTable("waitlist_entries")
        .set({ claimed_booking_id: made.booking.id })
        .where("id", "=", entry.id)
        .execute();
      return made;
    });
    nudgeJobWorkers();
    return confirmationOf(ctx, booking, manageToken, pending?.hold);
  } catch (error) {
    if (pending) await abandonCheckout(ctx, pending.hold.sessionId);
    throw error;
  }
}
