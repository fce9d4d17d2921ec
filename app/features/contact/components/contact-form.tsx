import { Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PrivacyNote } from "~/components/ui/privacy-note";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { ApiError, api } from "~/lib/api-client";
import { lazyZodResolver } from "~/lib/lazy-resolver";
import type { FormPostResult } from "~/lib/form-post";
import type { ContactMessage, ContactMessageInput } from "../contact.schema";

const EMPTY: ContactMessageInput = { name: "", email: "", phone: "", message: "" };

const contactResolver = lazyZodResolver(() =>
  import("../contact.schema").then((module) => module.contactMessageSchema),
);

/**
 * The contact form of spec sections 2, 4, 5 and 8: validated as you go, sent to POST /api/contact, cleared on
 * success. Before or without JavaScript the browser posts it to the page's action, and `posted` brings back
 * that answer: the field errors, the refusal or the thanks, shown in the page instead of toasts.
 */
export function ContactForm({ posted }: { posted?: FormPostResult }) {
  // Once the form sends through the API, an earlier answer to a plain post no longer applies.
  const [answered, setAnswered] = useState<FormPostResult>();
  const serverAnswer = posted === answered ? undefined : posted;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: contactResolver,
    // The server renders these as the inputs' values too (below), for a page answering a plain post.
    defaultValues: { ...EMPTY, ...posted?.values },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
    setAnswered(posted);
    try {
      await api("POST", "/api/contact", values);
    } catch (error) {
      toast({
        title: "Error",
        description: error instanceof ApiError && error.message ? error.message : "Failed to send message",
        variant: "destructive",
      });
      return;
    }
    toast({ title: "Message sent!", description: "We'll get back to you as soon as possible." });
    reset(EMPTY);
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      onFocus={contactResolver.preload}
      noValidate
      className="grid gap-5"
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message ?? serverAnswer?.fieldErrors.name}>
          {(field) => <Input {...field} {...register("name")} defaultValue={posted?.values.name} autoComplete="name" />}
        </FormField>
        <FormField label="Phone" error={errors.phone?.message ?? serverAnswer?.fieldErrors.phone}>
          {(field) => (
            <Input
              {...field}
              {...register("phone")}
              defaultValue={posted?.values.phone}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
            />
          )}
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message ?? serverAnswer?.fieldErrors.email}>
        {(field) => (
          <Input
            {...field}
            {...register("email")}
            defaultValue={posted?.values.email}
            type="email"
            autoComplete="email"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField label="Message" error={errors.message?.message ?? serverAnswer?.fieldErrors.message}>
        {(field) => <Textarea {...field} {...register("message")} defaultValue={posted?.values.message} rows={6} />}
      </FormField>
      <PrivacyNote purpose="to answer your message" />
      {serverAnswer?.sent && (
        <p role="status" className="rounded-md border border-border bg-muted px-4 py-3 font-medium">
          Message sent! We&apos;ll get back to you as soon as possible.
        </p>
      )}
      {serverAnswer?.message && (
        <p role="alert" className="rounded-md border border-destructive px-4 py-3 font-medium text-destructive">
          Error: {serverAnswer.message}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={isSubmitting}
        className="w-full uppercase tracking-wider sm:w-auto sm:justify-self-start"
      >
        <Send aria-hidden />
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
