import { redirect } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { MailSettingsForm, type MailFormResult } from "~/features/settings/components/mail-settings-form";
import { SettingsForm } from "~/features/settings/components/settings-form";
import { mailSettingsSchema } from "~/features/settings/mail-settings.schema";
import { getMailSettings, saveMailSettings, sendTestMail } from "~/features/settings/mail-settings.server";
import { settingsFromForm } from "~/features/settings/settings-form-data";
import {
  closureChoiceSchema,
  settingsSchema,
  type SettingsInput,
  type StrandedBooking,
} from "~/features/settings/settings.schema";
import { saveSettings } from "~/features/settings/settings.server";
import { settleScheduleChange } from "~/features/booking/stranded-bookings.server";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import { nextUndecided } from "~/features/settings/bank-holidays";
import {
  bankHolidayChoiceSchema,
  decideBankHolidays,
  loadBankHolidays,
} from "~/features/settings/bank-holidays.server";
import {
  BankHolidayNudge,
  BankHolidaysPanel,
  type BankHolidaysPosted,
} from "~/features/settings/components/bank-holidays-panel";
import type { Route } from "./+types/settings";
import {
  GiftCardSettingsForm,
  giftCardSettingsFromForm,
} from "~/features/gift-cards/components/gift-card-settings-form";
import { giftCardSettingsSchema } from "~/features/gift-cards/gift-cards.schema";
import { loadGiftCardSettings, saveGiftCardSettings } from "~/features/gift-cards/gift-card-settings.server";
import { PaymentSettingsForm } from "~/features/payments/components/payment-settings-form";
import { paymentSettingsView } from "~/features/payments/payment-settings.server";
import { CardReadersPanel } from "~/features/till/components/card-readers-panel";
import { addReader, readers, removeReader } from "~/features/till/readers.server";
import { readerInputSchema } from "~/features/till/till.schema";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const search = new URL(request.url).searchParams;
  const payments = await paymentSettingsView(context);
  return {
    settings: await context.settings(),
    bankHolidays: await loadBankHolidays(context.db),
    mail: await getMailSettings(context),
    payments,
    readers: payments.stripeSecretKey === null ? [] : await readers(context),
    giftCards: await loadGiftCardSettings(context.db),
    giftCardsSaved: search.has("gift-cards-saved"),
    saved: search.has("saved"),
    mailSaved: search.has("mail-saved"),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/**
 * The page's forms posted without JavaScript (or before hydration, or by the mail form's fetcher), each
 * through the same schema and feature function as its API call: the settings (PUT /api/settings), the
 * mail server (PUT /api/settings/mail) and the test mail (POST /api/settings/mail/test). A save answers
 * with a redirect back to the page saying so; a refusal renders the form again with what was typed.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "test-mail") {
    try {
      const { message } = await sendTestMail(context);
      return { intent, message, sent: true } satisfies MailFormResult;
    } catch (error) {
      return formFailure(error, { intent, sent: false } as const);
    }
  }
  if (intent === "bank-holidays") {
    const values = { dates: form.getAll("dates").map(String) };
    try {
      const choice = bankHolidayChoiceSchema.parse({
        ...values,
        choice: form.get("choice"),
        closureBookings: form.get("closureBookings") ?? undefined,
      });
      await decideBankHolidays(context.db, choice, settleScheduleChange(choice.closureBookings));
    } catch (error) {
      return formFailure(error, { intent, values } as const);
    }
    return redirect("/admin/settings?saved#bank-holidays", 303);
  }
  if (intent === "add-reader" || intent === "remove-reader") {
    try {
      if (intent === "add-reader") {
        await addReader(context, readerInputSchema.parse(formTextValues(form)));
      } else {
        await removeReader(context, String(form.get("readerId") ?? ""));
      }
    } catch (error) {
      return formFailure(error, { intent: "readers" as const });
    }
    return redirect("/admin/settings#card-readers", 303);
  }
  if (intent === "gift-cards") {
    const values = formTextValues(form);
    try {
      const giftCards = giftCardSettingsSchema.parse(giftCardSettingsFromForm(values, form.has("enabled")));
      await saveGiftCardSettings(context.db, giftCards, new Date());
    } catch (error) {
      return formFailure(error, { intent, values } as const);
    }
    return redirect("/admin/settings?gift-cards-saved#gift-cards", 303);
  }
  if (intent === "mail-settings") {
    const values = {
      host: text(form, "host"),
      port: text(form, "port"),
      user: text(form, "user"),
      from: text(form, "from"),
    };
    try {
      await saveMailSettings(
        context,
        mailSettingsSchema.parse({
          ...values,
          password: text(form, "password"),
          clearPassword: form.has("clearPassword"),
        }),
      );
    } catch (error) {
      return formFailure(error, { intent, values } as const);
    }
    return redirect("/admin/settings?mail-saved#mail", 303);
  }
  const values = settingsFromForm(form);
  try {
    const { closureBookings } = closureChoiceSchema.parse({
      closureBookings: form.get("closureBookings") ?? undefined,
    });
    await saveSettings(context.db, settingsSchema.parse(values), { followUp: settleScheduleChange(closureBookings) });
  } catch (error) {
    return formFailure(error, { intent: "settings" as const, values: values as SettingsInput });
  }
  return redirect("/admin/settings?saved", 303);
}

export const meta = () => adminMeta("Shop Settings");

export default function ShopSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const settingsPost = actionData?.intent === "settings" ? actionData : undefined;
  const nextHoliday = nextUndecided(loaderData.bankHolidays);
  const mailPost =
    actionData?.intent === "test-mail" || actionData?.intent === "mail-settings" ? actionData : undefined;
  return (
    <AdminPage title="Shop Settings">
      {nextHoliday && <BankHolidayNudge holiday={nextHoliday} />}
      {loaderData.saved && !actionData && (
        <p
          role="status"
          className="mb-6 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          Settings saved: the shop's settings have been saved.
        </p>
      )}
      <SettingsForm
        settings={loaderData.settings}
        posted={
          settingsPost && {
            ...settingsPost,
            bookings: settingsPost.details.bookings as StrandedBooking[] | undefined,
          }
        }
      />
      <BankHolidaysPanel
        holidays={loaderData.bankHolidays}
        posted={
          actionData?.intent === "bank-holidays" && "message" in actionData
            ? { ...actionData, details: actionData.details as BankHolidaysPosted["details"] }
            : undefined
        }
      />
      <MailSettingsForm
        mail={loaderData.mail}
        posted={mailPost as MailFormResult | undefined}
        saved={loaderData.mailSaved}
      />
      <PaymentSettingsForm payments={loaderData.payments} />
      <CardReadersPanel
        readers={loaderData.readers}
        place={`${loaderData.settings.shopName}, ${loaderData.settings.address.street}`}
        ready={loaderData.payments.stripeSecretKey !== null}
        posted={actionData?.intent === "readers" && "message" in actionData ? actionData : undefined}
      />
      <GiftCardSettingsForm
        giftCards={loaderData.giftCards}
        saved={loaderData.giftCardsSaved}
        posted={actionData?.intent === "gift-cards" && "message" in actionData ? actionData : undefined}
      />
    </AdminPage>
  );
}
