import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { SettingsForm } from "~/features/settings/components/settings-form";
import type { Route } from "./+types/settings";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { settings: await context.settings() };
}

export const meta = () => adminMeta("Shop Settings");

export default function ShopSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Shop Settings">
      <SettingsForm settings={loaderData.settings} />
    </AdminPage>
  );
}
