import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";

interface ReauthenticationFieldsProps {
  /** Whether two-factor sign-in is on for the signed-in admin: then a code is asked as well. */
  twoFactorEnabled: boolean;
  /** The password input's props: a form's `register("currentPassword")`, or a value and its setter. */
  password: React.ComponentProps<"input">;
  code: React.ComponentProps<"input">;
  errors?: { currentPassword?: string; code?: string };
}

/**
 * What an admin gives again before a change to the admins or to their own sign-in, so a session left
 * open (or stolen) is not enough: their password and, with two-factor sign-in on, a code.
 */
export function ReauthenticationFields({ twoFactorEnabled, password, code, errors = {} }: ReauthenticationFieldsProps) {
  return (
    <>
      <FormField label="Your current password" error={errors.currentPassword}>
        {(field) => <Input {...field} {...password} type="password" autoComplete="current-password" />}
      </FormField>
      {twoFactorEnabled && (
        <FormField
          label="Two-factor code"
          hint="From your authenticator app, or one of your recovery codes."
          error={errors.code}
        >
          {(field) => (
            <Input {...field} {...code} autoComplete="one-time-code" spellCheck={false} className="max-w-48" />
          )}
        </FormField>
      )}
    </>
  );
}
