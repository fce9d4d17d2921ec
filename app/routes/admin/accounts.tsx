import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { listAdmins } from "~/features/accounts/accounts.server";
import { AddAdminForm } from "~/features/accounts/components/add-admin-form";
import { AdminList } from "~/features/accounts/components/admin-list";
import { ChangePasswordForm } from "~/features/accounts/components/change-password-form";
import { TwoFactorPanel } from "~/features/accounts/components/two-factor-panel";
import { twoFactorStatus } from "~/features/accounts/two-factor.server";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/accounts";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAdminPage(context);
  const [admins, twoFactor] = await Promise.all([listAdmins(context.db), twoFactorStatus(context.db, user.id)]);
  return { admins, currentId: user.id, twoFactor };
}

export const meta = () => adminMeta("Admin Accounts");

export default function AdminAccounts({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Admin Accounts">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <AdminList
            admins={loaderData.admins}
            currentId={loaderData.currentId}
            twoFactorEnabled={loaderData.twoFactor.enabled}
          />
          <AddAdminForm twoFactorEnabled={loaderData.twoFactor.enabled} />
        </div>
        <div className="grid gap-6">
          <TwoFactorPanel status={loaderData.twoFactor} />
          <ChangePasswordForm twoFactorEnabled={loaderData.twoFactor.enabled} />
        </div>
      </div>
    </AdminPage>
  );
}
