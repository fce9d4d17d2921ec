import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/api-client";
import { RefusedNotice } from "~/components/ui/page-notice";
import { withFieldErrors } from "~/lib/form-errors";
import { postedFields, type RefusedForm } from "~/lib/posted-form";
import { useAdminAction } from "~/lib/use-admin-action";
import { addAdminSchema, type AddAdminInput } from "../accounts.schema";
import { AccountFormCard } from "./account-form-card";
import { ReauthenticationFields } from "./reauthentication-fields";

const EMPTY: AddAdminInput = { username: "", password: "", currentPassword: "", code: "" };

/** `posted`: the page action's refusal of this form sent without JavaScript. */
export function AddAdminForm({ twoFactorEnabled, posted }: { twoFactorEnabled: boolean; posted?: RefusedForm }) {
  const { run } = useAdminAction();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddAdminInput>({ resolver: zodResolver(addAdminSchema), defaultValues: EMPTY });
  const { initial, errorOf } = postedFields<keyof AddAdminInput>(posted?.values ?? EMPTY, errors, posted);

  const onSubmit = handleSubmit(async (values) => {
    const call = api("POST", "/api/accounts", values);
    const added = await run(
      () =>
        withFieldErrors(call, setError, {
          fields: ["username", "password", "currentPassword", "code"],
          conflictField: "username",
        }),
      { success: { title: "Admin added", description: `${values.username} can now sign in.` } },
    );
    if (added) reset(EMPTY);
  });

  return (
    <AccountFormCard
      id="add-admin-heading"
      title="Add an admin"
      description="Give them the initial password in person; they can change it after signing in."
    >
      <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="add-admin-heading" className="grid gap-4">
        {posted && <RefusedNotice>{posted.message}</RefusedNotice>}
        <input type="hidden" name="intent" value="add" />
        <FormField label="Username" error={errorOf("username")}>
          {(field) => (
            <Input
              {...field}
              {...register("username")}
              defaultValue={initial("username")}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField label="Initial password" error={errorOf("password")} hint="At least 8 characters.">
          {(field) => <Input {...field} {...register("password")} type="password" autoComplete="new-password" />}
        </FormField>
        <ReauthenticationFields
          twoFactorEnabled={twoFactorEnabled}
          password={register("currentPassword")}
          code={register("code")}
          errors={{ currentPassword: errorOf("currentPassword"), code: errorOf("code") }}
        />
        <Button type="submit" disabled={isSubmitting} className="justify-self-start">
          <UserPlus aria-hidden />
          Add Admin
        </Button>
      </form>
    </AccountFormCard>
  );
}
