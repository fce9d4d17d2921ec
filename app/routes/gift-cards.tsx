import { redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Card, CardContent, CardTitle } from "~/components/ui/card";
import { GiftCardBalanceForm, GiftCardBuyForm } from "~/features/gift-cards/components/gift-card-forms";
import { lookUpCard } from "~/features/gift-cards/gift-card-desk.server";
import { purchaseOutcome, startPurchase } from "~/features/gift-cards/gift-card-purchases.server";
import { loadGiftCardSettings } from "~/features/gift-cards/gift-card-settings.server";
import { SEND_ON_MAX_DAYS, giftCardPurchaseSchema, purchaseFromForm } from "~/features/gift-cards/gift-cards.schema";
import { seoMeta } from "~/features/seo/seo";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import { formatPounds, toPounds } from "~/lib/money";
import { addDays, formatShopDate, shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/gift-cards";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Gift cards",
    description: "Give a haircut: gift cards bought online, spent online or in the shop.",
    path: "/gift-cards",
  });

/** The page, and what became of a purchase Stripe sent back (`?paid=` its session, `?cancelled=1`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const sessionId = search.get("paid");
  const outcome = sessionId ? await purchaseOutcome(context, sessionId).catch(() => undefined) : undefined;
  const today = shopToday();
  return {
    settings: await loadGiftCardSettings(context.db),
    shopName: (await context.settings()).shopName,
    today,
    lastSendOn: addDays(today, SEND_ON_MAX_DAYS),
    cancelled: search.get("cancelled") === "1",
    bought: outcome
      ? {
          issued: outcome.status === "issued",
          amount: toPounds(outcome.amount_pence),
          recipientName: outcome.recipient_name,
          sendOn: outcome.send_on ? formatShopDate(outcome.send_on, "medium") : null,
          toRecipient: outcome.recipient_email !== null,
        }
      : null,
  };
}

/** Buying posts to Stripe's Checkout (the same function as POST /api/gift-cards); a balance is answered here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formTextValues(form);
  try {
    if (values.intent === "balance") {
      const answer = await lookUpCard(context, values.code ?? "", context.clientKey);
      return { balance: answer, expiry: formatShopDate(answer.expiresAt, "medium") };
    }
    const purchase = giftCardPurchaseSchema.parse(purchaseFromForm(values));
    const { checkoutUrl } = await startPurchase(context, purchase, context.clientKey);
    return redirect(checkoutUrl, 303);
  } catch (error) {
    const { code: _code, ...kept } = values;
    return formFailure(error, { values: kept, intent: values.intent === "balance" ? "balance" : "buy" });
  }
}

function Thanks({ bought }: { bought: NonNullable<Route.ComponentProps["loaderData"]["bought"]> }) {
  if (!bought.issued) {
    return (
      <p role="status">Thank you: your payment is being confirmed. Your receipt will arrive by e-mail in a minute.</p>
    );
  }
  const where = bought.toRecipient ? `We e-mail it to ${bought.recipientName}` : "We e-mail it to you to pass on";
  return (
    <p role="status">
      Thank you: your {formatPounds(bought.amount)} gift card for {bought.recipientName} is paid. {where}
      {bought.sendOn ? ` on ${bought.sendOn}` : " now"}, and your receipt is on its way.
    </p>
  );
}

export default function GiftCardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, bought } = loaderData;
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const balance = actionData && "balance" in actionData ? actionData : undefined;
  const buyFailure = failure?.intent === "buy" ? failure : undefined;
  return (
    <PageMain>
      <PageIntro eyebrow="Gift cards" title={`${loaderData.shopName} gift cards`} />
      <PageSection aria-label="Gift cards" className="grid max-w-xl gap-6 pt-8 sm:pt-10">
        {bought && <Thanks bought={bought} />}
        {loaderData.cancelled && <p role="status">The payment was cancelled: nothing was charged.</p>}
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            <CardTitle level={2}>Buy a gift card</CardTitle>
            {settings.enabled ? (
              <>
                {buyFailure && <p role="alert">{buyFailure.message}</p>}
                <GiftCardBuyForm
                  key={buyFailure ? "posted" : "fresh"}
                  settings={settings}
                  today={loaderData.today}
                  lastSendOn={loaderData.lastSendOn}
                  values={buyFailure?.values ?? {}}
                  errors={buyFailure?.fieldErrors ?? {}}
                />
              </>
            ) : (
              <p>Gift cards are not on sale online at the moment. Please ask in the shop.</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            <CardTitle level={2}>Check a balance</CardTitle>
            <GiftCardBalanceForm
              answer={balance?.balance}
              expiry={balance?.expiry}
              error={failure?.intent === "balance" ? failure.message : undefined}
            />
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}
