import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { ApiError, api } from "~/lib/api-client";
import { SHOP_PHONE, SHOP_PHONE_HREF } from "~/lib/shop";
import { contactMessageSchema, type ContactMessage, type ContactMessageInput } from "../contact.schema";

const EMPTY: ContactMessageInput = { name: "", email: "", phone: "", message: "" };

/** The contact form of spec sections 2, 4, 5 and 8: validated as you go, sent to POST /api/contact, cleared on success. */
export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
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
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          {(field) => <Input {...field} {...register("name")} autoComplete="name" />}
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          {(field) => <Input {...field} {...register("phone")} type="tel" autoComplete="tel" inputMode="tel" />}
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} {...register("email")} type="email" autoComplete="email" spellCheck={false} />}
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        {(field) => <Textarea {...field} {...register("message")} rows={6} />}
      </FormField>
      <noscript>
        <p className="text-sm text-muted-foreground">
          Sending this form needs JavaScript. You can also call us on{" "}
          <a href={SHOP_PHONE_HREF} className="font-semibold underline">
            {SHOP_PHONE}
          </a>
          .
        </p>
      </noscript>
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
