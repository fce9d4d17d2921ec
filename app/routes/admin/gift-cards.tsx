import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { GiftCardList, IssueGiftCardForm } from "~/features/gift-cards/components/admin-gift-cards";
import { issueAtDesk, listCards, voidByCode } from "~/features/gift-cards/gift-card-desk.server";
import { giftCardIssueSchema, giftCardVoidSchema } from "~/features/gift-cards/gift-cards.schema";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import type { Route } from "./+types/gift-cards";

/* The owner's gift cards: the same list, desk issue and void as GET/POST /api/gift-cards (audited). */

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { cards: await listCards(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const values = formTextValues(await request.formData());
  try {
    if (values.intent === "void") {
      await voidByCode(context, values.code ?? "", giftCardVoidSchema.parse(values).reason);
      return { done: true, message: "Gift card voided." };
    }
    const input = giftCardIssueSchema.parse({
      amount: values.amount,
      paidBy: values.paidBy,
      reason: values.reason,
      recipient: { name: values["recipient.name"], email: values["recipient.email"] },
    });
    const card = await issueAtDesk(context, input, crypto.randomUUID());
    return { done: true, message: `Gift card ${card.code} issued.` };
  } catch (error) {
    return formFailure(error, { done: false });
  }
}

export const meta = () => adminMeta("Gift cards");

export default function AdminGiftCards({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Gift cards">
      {actionData && (
        <p role={actionData.done ? "status" : "alert"} className="mb-4 text-sm font-medium">
          {actionData.message}
        </p>
      )}
      <section aria-labelledby="issue-title" className="mb-8 grid gap-4">
        <h2 id="issue-title" className="text-xl font-semibold">
          Issue a gift card
        </h2>
        <IssueGiftCardForm errors={actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {}} />
      </section>
      <GiftCardList cards={loaderData.cards} />
    </AdminPage>
  );
}
