import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { MailSettingsView } from "../mail-settings.schema";

/** What the page's action answers to the mail forms (saving the server answers with a redirect instead). */
export interface MailFormResult {
  intent: "mail-settings" | "test-mail";
  message: string;
  /** True for a test mail the server took. */
  sent?: boolean;
  fieldErrors?: Record<string, string>;
  values?: Partial<Record<"host" | "port" | "user" | "from", string>>;
}

interface MailSettingsFormProps {
  mail: MailSettingsView;
  /** The action's answer to a post without JavaScript. */
  posted?: MailFormResult;
  /** The page was reached by the redirect after saving. */
  saved: boolean;
}

/**
 * The shop's outgoing mail server and a test mail. Both post to the settings page's action, through a
 * fetcher when hydrated and as plain forms without JavaScript; the password is write-only.
 */
export function MailSettingsForm({ mail, posted, saved }: MailSettingsFormProps) {
  const save = useFetcher<MailFormResult>();
  const test = useFetcher<MailFormResult>();
  const saveResult = save.data ?? (posted?.intent === "mail-settings" ? posted : undefined);
  const testResult = test.data ?? (posted?.intent === "test-mail" ? posted : undefined);
  const errors = saveResult?.fieldErrors ?? {};
  const value = (name: "host" | "port" | "user" | "from") => saveResult?.values?.[name] ?? String(mail[name]);

  return (
    <Card role="region" aria-labelledby="mail-title" id="mail" className="mt-6">
      <CardHeader>
        <CardTitle level={2} id="mail-title">
          Outgoing mail
        </CardTitle>
        <CardDescription>
          The mail server that sends booking confirmations, reminders and notices. Your mail provider gives these
          details (often port 587).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mail.fromEnvironment && (
          <p role="note" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
            SMTP_URL is set in the server's environment, so mail goes through that server and the details below are not
            used.
          </p>
        )}
        {saved && !saveResult && (
          <p role="status" className="text-sm font-medium text-green-800">
            Mail settings saved.
          </p>
        )}
        <save.Form method="post" noValidate aria-label="Mail server" className="grid gap-4">
          <input type="hidden" name="intent" value="mail-settings" />
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <FormField label="SMTP server" error={errors.host} hint="Leave empty to send no mail.">
              {(field) => (
                <Input
                  {...field}
                  name="host"
                  defaultValue={value("host")}
                  placeholder="smtp.example.com"
                  spellCheck={false}
                />
              )}
            </FormField>
            <FormField label="Port" error={errors.port}>
              {(field) => (
                <Input {...field} name="port" type="number" inputMode="numeric" defaultValue={value("port")} />
              )}
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Username" error={errors.user}>
              {(field) => (
                <Input {...field} name="user" defaultValue={value("user")} autoComplete="off" spellCheck={false} />
              )}
            </FormField>
            <FormField
              label="Password"
              error={errors.password}
              hint={mail.passwordSet ? "A password is stored. Leave empty to keep it." : "None stored."}
            >
              {(field) => <Input {...field} name="password" type="password" autoComplete="new-password" />}
            </FormField>
          </div>
          {mail.passwordSet && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="clearPassword" className="size-4 accent-[var(--color-primary)]" />
              Remove the stored password
            </label>
          )}
          <FormField
            label="Sender"
            error={errors.from}
            hint="Who the mails come from, e.g. Oldham Barbers <bookings@…>."
          >
            {(field) => <Input {...field} name="from" defaultValue={value("from")} spellCheck={false} />}
          </FormField>
          {saveResult && Object.keys(errors).length === 0 && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {saveResult.message}
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" variant="outline" disabled={save.state !== "idle"}>
              {save.state !== "idle" ? "Saving..." : "Save mail settings"}
            </Button>
          </div>
        </save.Form>
        <test.Form method="post" className="flex flex-wrap items-center justify-end gap-3 border-t border-border pt-4">
          <input type="hidden" name="intent" value="test-mail" />
          {testResult && (
            <p
              role={testResult.sent ? "status" : "alert"}
              className={testResult.sent ? "text-sm text-green-800" : "text-sm font-medium text-destructive"}
            >
              {testResult.message}
            </p>
          )}
          <Button type="submit" variant="outline" disabled={test.state !== "idle"}>
            {test.state !== "idle" ? "Sending..." : "Send a test mail"}
          </Button>
        </test.Form>
      </CardContent>
    </Card>
  );
}
