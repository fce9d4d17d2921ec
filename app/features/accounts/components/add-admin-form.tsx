import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/api-client";
import { withFieldErrors } from "~/lib/form-errors";
import { useAdminAction } from "~/lib/use-admin-action";
import { addAdminSchema, type AddAdminInput } from "../accounts.schema";
import { AccountFormCard } from "./account-form-card";
import { ReauthenticationFields } from "./reauthentication-fields";

const EMPTY: AddAdminInput = { username: "", password: "", currentPassword: "", code: "" };

export function AddAdminForm({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { run } = useAdminAction();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddAdminInput>({ resolver: zodResolver(addAdminSchema), defaultValues: EMPTY });

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
        <FormField label="Username" error={errors.username?.message}>
          {(field) => (
            <Input {...field} {...register("username")} autoComplete="off" autoCapitalize="none" spellCheck={false} />
          )}
        </FormField>
        <FormField label="Initial password" error={errors.password?.message} hint="At least 8 characters.">
          {(field) => <Input {...field} {...register("password")} type="password" autoComplete="new-password" />}
        </FormField>
        <ReauthenticationFields
          twoFactorEnabled={twoFactorEnabled}
          password={register("currentPassword")}
          code={register("code")}
          errors={{ currentPassword: errors.currentPassword?.message, code: errors.code?.message }}
        />
        <Button type="submit" disabled={isSubmitting} className="justify-self-start">
          <UserPlus aria-hidden />
          Add Admin
        </Button>
      </form>
    </AccountFormCard>
  );
}
