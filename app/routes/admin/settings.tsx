import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { SettingsForm } from "~/features/settings/components/settings-form";
import type { Route } from "./+types/settings";
import { PaymentSettingsForm } from "~/features/payments/components/payment-settings-form";
import { paymentSettingsView } from "~/features/payments/payment-settings.server";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { settings: await context.settings(), payments: await paymentSettingsView(context) };
}

export const meta = () => adminMeta("Shop Settings");

export default function ShopSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Shop Settings">
      <SettingsForm settings={loaderData.settings} />
      <PaymentSettingsForm payments={loaderData.payments} />
    </AdminPage>
  );
}
