import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { changePasswordSchema, type ChangePasswordInput } from "../accounts.schema";
import { RefusedNotice } from "~/components/ui/page-notice";
import { postedFields, type RefusedForm } from "~/lib/posted-form";
import { AccountFormCard } from "./account-form-card";
import { ReauthenticationFields } from "./reauthentication-fields";

const EMPTY: ChangePasswordInput = { currentPassword: "", code: "", newPassword: "" };

/** `posted`: the page action's refusal of this form sent without JavaScript. */
export function ChangePasswordForm({ twoFactorEnabled, posted }: { twoFactorEnabled: boolean; posted?: RefusedForm }) {
  const { run } = useAdminAction();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { errorOf } = postedFields<keyof ChangePasswordInput>(EMPTY, errors, posted);

  const onSubmit = handleSubmit(async (values) => {
    const changed = await run(() => api("PUT", "/api/accounts/me/password", values).then(() => true), {
      success: {
        title: "Password changed",
        description: "Every other session of your account has been signed out.",
      },
    });
    if (changed) reset(EMPTY);
  });

  return (
    <AccountFormCard
      id="password-heading"
      title="Change your password"
      description="Signs your account out everywhere else."
    >
      <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="password-heading" className="grid gap-4">
        {posted && <RefusedNotice>{posted.message}</RefusedNotice>}
        <input type="hidden" name="intent" value="password" />
        <ReauthenticationFields
          twoFactorEnabled={twoFactorEnabled}
          password={register("currentPassword")}
          code={register("code")}
          errors={{ currentPassword: errorOf("currentPassword"), code: errorOf("code") }}
        />
        <FormField label="New password" error={errorOf("newPassword")} hint="At least 8 characters.">
          {(field) => <Input {...field} {...register("newPassword")} type="password" autoComplete="new-password" />}
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="justify-self-start">
          Change Password
        </Button>
      </form>
    </AccountFormCard>
  );
}
