import { zodResolver } from "@hookform/resolvers/zod";
import { LockKeyhole } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Form, Link, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { ApiError, api } from "~/lib/api-client";
import {
  INVALID_CODE,
  loginSchema,
  verifyLoginSchema,
  type LoginInput,
  type PublicUser,
  type TwoFactorChallenge,
  type VerifyLoginInput,
} from "../auth.schema";

/** What the /admin route action answers a form posted without JavaScript (a success redirects instead). */
export interface LoginFormResult {
  step: "password" | "code";
  /** The pending sign-in the code step answers. */
  pendingLogin?: string;
  username?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
}

/** The value of the submit button that tells the route action which step a posted form is. */
export const VERIFY_INTENT = "verify";

const failed = (error: unknown) =>
  toast({
    title: "Login failed",
    description: error instanceof Error ? error.message : String(error),
    variant: "destructive",
  });

/**
 * The Admin Login form of /admin. Both steps are real POST forms handled by the route's action, so they
 * work before the page hydrates and without JavaScript, and never put a password in the address. Once
 * hydrated they call /api/login and /api/login/verify as the spec describes and toast the outcome; a
 * successful sign-in reloads the page data, which turns the page into the dashboard.
 */
export function AdminLoginForm({ result }: { result?: LoginFormResult }) {
  const { revalidate } = useRevalidator();
  const [pendingLogin, setPendingLogin] = useState(result?.step === "code" ? result.pendingLogin : undefined);

  const signedIn = async () => {
    toast({ title: "Login successful", description: "Welcome back!" });
    await revalidate();
  };

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 pb-16 pt-24 noscript:max-xl:pt-8">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-full bg-primary text-primary-foreground">
            <LockKeyhole aria-hidden className="size-6" />
          </span>
          <h1 className="text-3xl font-bold">Admin Login</h1>
          <CardDescription>
            {pendingLogin
              ? "Enter the 6-digit code from your authenticator app, or one of your recovery codes."
              : "Sign in to manage the shop's website."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {result?.message && (
            <p
              role="alert"
              className="mb-5 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
            >
              <span className="font-semibold">Login failed:</span> {result.message}
            </p>
          )}
          {pendingLogin ? (
            <CodeStep
              pendingLogin={pendingLogin}
              serverErrors={result?.fieldErrors}
              onSignedIn={signedIn}
              onExpired={() => setPendingLogin(undefined)}
            />
          ) : (
            <PasswordStep result={result} onChallenge={setPendingLogin} onSignedIn={signedIn} />
          )}
        </CardContent>
      </Card>
    </main>
  );
}

function PasswordStep({
  result,
  onChallenge,
  onSignedIn,
}: {
  result?: LoginFormResult;
  onChallenge: (pendingLogin: string) => void;
  onSignedIn: () => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: result?.username ?? "", password: "" },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    let answer: { user: PublicUser } | TwoFactorChallenge;
    try {
      answer = await api<{ user: PublicUser } | TwoFactorChallenge>("POST", "/api/login", credentials);
    } catch (error) {
      failed(error);
      return;
    }
    if ("twoFactorRequired" in answer) onChallenge(answer.pendingLogin);
    else await onSignedIn();
  });

  return (
    <Form method="post" onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label="Username" error={errors.username?.message ?? result?.fieldErrors?.username}>
        {(field) => (
          <Input
            {...field}
            {...register("username")}
            // register() fills fields only once hydrated; the server's HTML needs the value itself.
            defaultValue={result?.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message ?? result?.fieldErrors?.password}>
        {(field) => <Input {...field} {...register("password")} type="password" autoComplete="current-password" />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Signing in..." : "Login"}
      </Button>
    </Form>
  );
}

function CodeStep({
  pendingLogin,
  serverErrors,
  onSignedIn,
  onExpired,
}: {
  pendingLogin: string;
  serverErrors?: Record<string, string>;
  onSignedIn: () => Promise<void>;
  onExpired: () => void;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<VerifyLoginInput>({
    resolver: zodResolver(verifyLoginSchema),
    defaultValues: { pendingLogin, code: "" },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await api<{ user: PublicUser }>("POST", "/api/login/verify", input);
    } catch (error) {
      failed(error);
      // A pending sign-in that expired (or was used up) cannot take another code: start again.
      if (error instanceof ApiError && error.status === 401 && error.message !== INVALID_CODE) onExpired();
      else setValue("code", "");
      return;
    }
    await onSignedIn();
  });

  return (
    <Form method="post" onSubmit={onSubmit} noValidate className="grid gap-5">
      <input type="hidden" {...register("pendingLogin")} defaultValue={pendingLogin} />
      <FormField label="Code" error={errors.code?.message ?? serverErrors?.code}>
        {(field) => (
          <Input
            {...field}
            {...register("code")}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            // The one field of this step, which replaces the password form the user just sent.
            autoFocus
          />
        )}
      </FormField>
      <Button type="submit" size="lg" name="intent" value={VERIFY_INTENT} disabled={isSubmitting}>
        {isSubmitting ? "Verifying..." : "Verify"}
      </Button>
      <Link to="/admin" reloadDocument className="text-center text-sm text-muted-foreground underline">
        Start again
      </Link>
    </Form>
  );
}
