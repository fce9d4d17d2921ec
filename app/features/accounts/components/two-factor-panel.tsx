import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import {
  reauthenticationSchema,
  twoFactorCodeSchema,
  type ReauthenticationInput,
  type TwoFactorCodeInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "../accounts.schema";
import { RefusedNotice } from "~/components/ui/page-notice";
import { postedFields, type RefusedForm } from "~/lib/posted-form";
import { AccountFormCard } from "./account-form-card";
import { ReauthenticationFields } from "./reauthentication-fields";

/**
 * The signed-in admin's two-factor sign-in: set up (scan, then confirm with a code, then note the
 * recovery codes, shown this once), or turn off with the password and a code. Without JavaScript each step
 * posts to the page, whose answer (`shownOnce`) carries the secret to scan, then the recovery codes.
 */
export function TwoFactorPanel({
  status,
  posted,
  shownOnce,
}: {
  status: TwoFactorStatus;
  posted?: RefusedForm | undefined;
  shownOnce?: { twoFactorSetup?: TwoFactorSetup; recoveryCodes?: string[] } | undefined;
}) {
  const { run, pending } = useAdminAction();
  const [setup, setSetup] = useState<TwoFactorSetup | undefined>(shownOnce?.twoFactorSetup);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>(shownOnce?.recoveryCodes);

  const start = async () => setSetup(await run(() => api<TwoFactorSetup>("POST", "/api/accounts/me/two-factor/setup")));

  let body: React.ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
  } else if (status.enabled) {
    body = <TurnOffForm recoveryCodesLeft={status.recoveryCodesLeft} posted={posted} />;
  } else if (setup) {
    body = (
      <ConfirmSetup
        setup={setup}
        onConfirmed={(codes) => {
          setSetup(undefined);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(undefined)}
      />
    );
  } else {
    body = (
      <form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
        className="grid gap-4"
      >
        {posted && <RefusedNotice>{posted.message}</RefusedNotice>}
        <input type="hidden" name="intent" value="two-factor-setup" />
        <Button type="submit" disabled={pending} className="justify-self-start">
          <ShieldCheck aria-hidden />
          Set Up Two-Factor Sign-In
        </Button>
      </form>
    );
  }

  return (
    <AccountFormCard
      id="two-factor-heading"
      title="Two-factor sign-in"
      description={
        status.enabled
          ? "On: signing in asks for a code from your authenticator app after the password."
          : "Off: ask for a code from an authenticator app (Google Authenticator, 1Password, Authy…) after the password."
      }
    >
      {body}
    </AccountFormCard>
  );
}

function ConfirmSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { run } = useAdminAction();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await run(
      () => api<{ recoveryCodes: string[] }>("POST", "/api/accounts/me/two-factor/confirm", values),
      { success: { title: "Two-factor sign-in is on", description: "Save your recovery codes now." } },
    );
    if (answer) onConfirmed(answer.recoveryCodes);
  });

  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-4 pl-5 text-sm">
        <li>
          <p>Scan this code with your authenticator app.</p>
          <img
            src={setup.qrCode}
            alt="QR code that adds this account to an authenticator app"
            width={240}
            height={240}
            className="mt-3 rounded-md border border-border bg-white p-2"
          />
          <p className="mt-3">
            No camera? Enter this setup key instead:{" "}
            <code data-testid="two-factor-secret" className="break-all rounded bg-muted px-1.5 py-0.5 font-mono">
              {setup.secret}
            </code>
          </p>
          <details className="mt-2">
            <summary className="cursor-pointer text-muted-foreground">Setup address (otpauth)</summary>
            <code className="mt-1 block break-all rounded bg-muted p-2 font-mono text-xs">{setup.uri}</code>
          </details>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows to turn two-factor sign-in on.</p>
        </li>
      </ol>
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Confirm two-factor sign-in" className="grid gap-4">
        <input type="hidden" name="intent" value="two-factor-on" />
        <FormField label="Code from the app" error={errors.code?.message}>
          {(field) => (
            <Input
              {...field}
              {...register("code")}
              autoComplete="one-time-code"
              inputMode="numeric"
              className="max-w-48"
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            Turn On
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <strong>Save these recovery codes somewhere safe.</strong> Each one signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button type="button" onClick={onDone} className="justify-self-start">
        I Have Saved Them
      </Button>
    </div>
  );
}

const EMPTY_PROOF: ReauthenticationInput = { currentPassword: "", code: "" };

/** `posted`: the page action's refusal of this form sent without JavaScript. */
function TurnOffForm({ recoveryCodesLeft, posted }: { recoveryCodesLeft: number; posted?: RefusedForm }) {
  const { run } = useAdminAction();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReauthenticationInput>({ resolver: zodResolver(reauthenticationSchema), defaultValues: EMPTY_PROOF });
  const { errorOf } = postedFields<keyof ReauthenticationInput>(EMPTY_PROOF, errors, posted);

  const onSubmit = handleSubmit(async (values) => {
    await run(() => api("POST", "/api/accounts/me/two-factor/disable", values), {
      success: { title: "Two-factor sign-in is off", description: "The password alone signs you in again." },
    });
    reset(EMPTY_PROOF);
  });

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {recoveryCodesLeft} of 10 recovery codes left. To set up a new phone or new codes, turn it off and on again.
      </p>
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-label="Turn off two-factor sign-in"
        className="grid gap-4"
      >
        {posted && <RefusedNotice>{posted.message}</RefusedNotice>}
        <input type="hidden" name="intent" value="two-factor-off" />
        <ReauthenticationFields
          twoFactorEnabled
          password={register("currentPassword")}
          code={register("code")}
          errors={{ currentPassword: errorOf("currentPassword"), code: errorOf("code") }}
        />
        <Button type="submit" variant="destructive" disabled={isSubmitting} className="justify-self-start">
          <ShieldOff aria-hidden />
          Turn Off Two-Factor
        </Button>
      </form>
    </div>
  );
}
