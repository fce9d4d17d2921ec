import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { useSaveResource } from "~/lib/use-admin-action";
import { FAQ_CATEGORIES, faqFormSchema, type Faq, type FaqFormInput, type FaqFormValues } from "../faqs.schema";

const FIELDS = ["question", "answer", "category", "order"] as const;
const EMPTY: FaqFormInput = { question: "", answer: "", category: "General", order: 0 };

/** What the page's action answered to the form posted without JavaScript. */
export interface PostedFaqForm {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
}

interface FaqFormProps {
  /** The FAQ being edited; none in create mode. Give the form a `key` per FAQ so switching starts afresh. */
  faq: Faq | null;
  /** Leaves edit mode (after an update or Cancel Edit). */
  onDone: () => void;
  posted?: PostedFaqForm;
}

/** The form card of Manage FAQs: Add New FAQ, or Edit FAQ with Cancel Edit. */
export function FaqForm({ faq, onDone, posted }: FaqFormProps) {
  const defaults: Record<string, unknown> = posted?.values ?? faq ?? EMPTY;
  /** The value written into the server's HTML (react-hook-form fills inputs only once hydrated). */
  const initial = (name: (typeof FIELDS)[number]) => {
    const value = defaults[name];
    return typeof value === "string" || typeof value === "number" ? value : undefined;
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors: formErrors, isSubmitting },
  } = useForm<FaqFormInput, unknown, FaqFormValues>({
    resolver: zodResolver(faqFormSchema),
    defaultValues: defaults as FaqFormInput,
  });
  const errors = Object.fromEntries(
    FIELDS.map((name) => [name, { message: formErrors[name]?.message ?? posted?.fieldErrors[name] }]),
  ) as Record<(typeof FIELDS)[number], { message?: string }>;

  useEffect(() => {
    if (faq) setFocus("question");
  }, [faq, setFocus]);

  const save = useSaveResource({ noun: "FAQ", nounInSentence: "FAQ", endpoint: "/api/faqs", setError, fields: FIELDS });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(faq, values);
    if (!saved) return;
    if (faq) onDone();
    else reset(EMPTY);
  });

  return (
    <Card>
      <CardHeader>
        <h2 id="faq-form-title" className="text-xl font-semibold leading-tight">
          {faq ? "Edit FAQ" : "Add New FAQ"}
        </h2>
      </CardHeader>
      <CardContent>
        <form
          method="post"
          action="/admin/faq"
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="faq-form-title"
          className="grid gap-4"
        >
          {faq && <input type="hidden" name="id" value={faq.id} />}
          <FormField label="Question" error={errors.question?.message}>
            {(field) => <Input {...field} {...register("question")} defaultValue={initial("question")} />}
          </FormField>
          <FormField label="Answer" error={errors.answer?.message}>
            {(field) => <Textarea {...field} {...register("answer")} defaultValue={initial("answer")} rows={5} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Category" error={errors.category?.message}>
              {(field) => (
                <NativeSelect {...field} {...register("category")} defaultValue={initial("category")}>
                  {FAQ_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Order" error={errors.order?.message} hint="Lower numbers come first.">
              {(field) => (
                <Input
                  {...field}
                  {...register("order", { valueAsNumber: true })}
                  defaultValue={initial("order")}
                  type="number"
                  step="1"
                  min="0"
                  inputMode="numeric"
                />
              )}
            </FormField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {faq ? "Update FAQ" : "Add FAQ"}
            </Button>
            {faq && (
              <Button asChild variant="outline">
                <a
                  href="/admin/faq"
                  onClick={(event) => {
                    event.preventDefault();
                    onDone();
                  }}
                >
                  Cancel Edit
                </a>
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
