import { redirect } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { SettingsForm } from "~/features/settings/components/settings-form";
import { settingsFromForm } from "~/features/settings/settings-form-data";
import {
  closureChoiceSchema,
  settingsSchema,
  type SettingsInput,
  type StrandedBooking,
} from "~/features/settings/settings.schema";
import { saveSettings } from "~/features/settings/settings.server";
import { formFailure } from "~/lib/form-action.server";
import type { Route } from "./+types/settings";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { settings: await context.settings(), saved: new URL(request.url).searchParams.has("saved") };
}

/**
 * The form posted without JavaScript (or before hydration): the same schemas and feature function as
 * PUT /api/settings, then back to the page (303) saying it was saved; a refusal renders the form again
 * with what was typed, and a new closure over bookings with the list and the keep-or-cancel choice.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const values = settingsFromForm(form);
  try {
    const { closureBookings } = closureChoiceSchema.parse({
      closureBookings: form.get("closureBookings") ?? undefined,
    });
    await saveSettings(context.db, settingsSchema.parse(values), { closureBookings });
  } catch (error) {
    return formFailure(error, { values: values as SettingsInput });
  }
  return redirect("/admin/settings?saved", 303);
}

export const meta = () => adminMeta("Shop Settings");

export default function ShopSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const bookings = actionData?.details.bookings as StrandedBooking[] | undefined;
  return (
    <AdminPage title="Shop Settings">
      {loaderData.saved && !actionData && (
        <p
          role="status"
          className="mb-6 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          Settings saved: the shop's settings have been saved.
        </p>
      )}
      <SettingsForm settings={loaderData.settings} posted={actionData && { ...actionData, bookings }} />
    </AdminPage>
  );
}
