import { redirect } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { SavedNotice } from "~/components/ui/page-notice";
import { changePasswordSchema, newAccountSchema, twoFactorCodeSchema } from "~/features/accounts/accounts.schema";
import { addAdmin, changeOwnPassword, listAdmins, removeAdmin } from "~/features/accounts/accounts.server";
import { AddAdminForm } from "~/features/accounts/components/add-admin-form";
import { AdminList } from "~/features/accounts/components/admin-list";
import { ChangePasswordForm } from "~/features/accounts/components/change-password-form";
import { TwoFactorPanel } from "~/features/accounts/components/two-factor-panel";
import {
  confirmIdentity,
  confirmTwoFactorSetup,
  disableTwoFactor,
  reauthenticationLimits,
  startTwoFactorSetup,
  twoFactorStatus,
} from "~/features/auth/two-factor.server";
import { parseRowId } from "~/lib/schema-fields";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import { HttpError } from "~/lib/http-error";
import { sessionTokenOf } from "~/lib/session-cookie";
import type { Route } from "./+types/accounts";

const SAVED_NOTICES: Record<string, string> = {
  added: "Admin added: they can now sign in.",
  password: "Password changed: every other session of your account has been signed out.",
  "two-factor-off": "Two-factor sign-in is off: the password alone signs you in again.",
  removed: "Admin removed: they can no longer sign in.",
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdminPage(context);
  const [admins, twoFactor] = await Promise.all([listAdmins(context.db), twoFactorStatus(context.db, user.id)]);
  const saved = new URL(request.url).searchParams.get("saved");
  const notice = saved !== null && Object.hasOwn(SAVED_NOTICES, saved) ? SAVED_NOTICES[saved]! : null;
  return { admins, currentId: user.id, twoFactor, notice };
}

/** The notice each intent's redirect names, where it is not the intent itself. */
const SAVED_AFTER: Record<string, string> = { add: "added", remove: "removed" };

/**
 * Add or remove an admin, change your password, turn two-factor sign-in on or off, posted without JavaScript:
 * the same schemas and feature functions as the /api/accounts calls, each change to the admins or to a sign-in
 * refused unless the signed-in admin gives their password (and a code) again. Only the username is shown back:
 * never a password. Turning two-factor on answers the page itself, not a redirect: its secret and then its
 * recovery codes are shown once and must never travel in an address.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdminPage(context);
  const values = formTextValues(await request.formData());
  const { db, config } = context;
  const limits = reauthenticationLimits(config.limits);
  const confirmed = () => confirmIdentity(db, config, user.id, values, limits);
  const intent = values.intent ?? "";
  try {
    if (intent === "two-factor-setup") {
      const { shopName } = await context.settings();
      return { intent, twoFactorSetup: await startTwoFactorSetup(db, config, user, shopName) };
    }
    if (intent === "two-factor-on") {
      const { code } = twoFactorCodeSchema.parse(values);
      const cookie = request.headers.get("cookie");
      return {
        intent,
        recoveryCodes: await confirmTwoFactorSetup(db, config, user.id, code, limits, sessionTokenOf(cookie)),
      };
    }
    if (intent === "remove") {
      await removeAdmin(db, await confirmed(), parseRowId(values.id ?? "") ?? 0);
    } else if (intent === "add") {
      await addAdmin(db, newAccountSchema.parse(values), await confirmed());
    } else if (intent === "password") {
      const { newPassword } = changePasswordSchema.parse(values);
      await changeOwnPassword(db, await confirmed(), sessionTokenOf(request.headers.get("cookie")), newPassword);
    } else if (intent === "two-factor-off") {
      await disableTwoFactor(db, await confirmed());
    } else {
      throw new HttpError(400, "Unknown form");
    }
  } catch (error) {
    return formFailure(error, { intent, values: { username: values.username ?? "" } });
  }
  return redirect(`/admin/accounts?saved=${SAVED_AFTER[intent] ?? intent}`, 303);
}

export const meta = () => adminMeta("Admin Accounts");

export default function AdminAccounts({ loaderData, actionData }: Route.ComponentProps) {
  /** The refusal of the form with this intent, for that form to show. */
  const postedTo = (intent: string) =>
    actionData?.intent === intent && "message" in actionData ? actionData : undefined;
  const shownOnce = actionData && !("message" in actionData) ? actionData : undefined;
  return (
    <AdminPage title="Admin Accounts">
      {loaderData.notice && !actionData && <SavedNotice>{loaderData.notice}</SavedNotice>}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <AdminList
            admins={loaderData.admins}
            currentId={loaderData.currentId}
            twoFactorEnabled={loaderData.twoFactor.enabled}
            posted={postedTo("remove")}
          />
          <AddAdminForm twoFactorEnabled={loaderData.twoFactor.enabled} posted={postedTo("add")} />
        </div>
        <div className="grid gap-6">
          <TwoFactorPanel
            status={loaderData.twoFactor}
            posted={postedTo("two-factor-off") ?? postedTo("two-factor-on") ?? postedTo("two-factor-setup")}
            shownOnce={shownOnce}
          />
          <ChangePasswordForm twoFactorEnabled={loaderData.twoFactor.enabled} posted={postedTo("password")} />
        </div>
      </div>
    </AdminPage>
  );
}
