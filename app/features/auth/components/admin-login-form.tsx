import { zodResolver } from "@hookform/resolvers/zod";
import { LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { api } from "~/lib/api-client";
import { loginSchema, type LoginInput, type PublicUser } from "../auth.schema";

/** The Admin Login form of /admin; a successful sign-in reloads the page data, which turns it into the dashboard. */
export function AdminLoginForm() {
  const { revalidate } = useRevalidator();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await api<{ user: PublicUser }>("POST", "/api/login", credentials);
    } catch (error) {
      toast({
        title: "Login failed",
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
      return;
    }
    toast({ title: "Login successful", description: "Welcome back!" });
    await revalidate();
  });

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 pb-16 pt-24">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-full bg-primary text-primary-foreground">
            <LockKeyhole aria-hidden className="size-6" />
          </span>
          <h1 className="text-3xl font-bold">Admin Login</h1>
          <CardDescription>Sign in to manage the shop&apos;s website.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <FormField label="Username" error={errors.username?.message}>
              {(field) => (
                <Input
                  {...field}
                  {...register("username")}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                />
              )}
            </FormField>
            <FormField label="Password" error={errors.password?.message}>
              {(field) => (
                <Input {...field} {...register("password")} type="password" autoComplete="current-password" />
              )}
            </FormField>
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? "Signing in..." : "Login"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
