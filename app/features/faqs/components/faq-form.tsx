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

interface FaqFormProps {
  /** The FAQ being edited; none in create mode. Give the form a `key` per FAQ so switching starts afresh. */
  faq: Faq | null;
  /** Leaves edit mode (after an update or Cancel Edit). */
  onDone: () => void;
}

/** The form card of Manage FAQs: Add New FAQ, or Edit FAQ with Cancel Edit. */
export function FaqForm({ faq, onDone }: FaqFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FaqFormInput, unknown, FaqFormValues>({
    resolver: zodResolver(faqFormSchema),
    defaultValues: faq ?? EMPTY,
  });

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
        <form onSubmit={onSubmit} noValidate aria-labelledby="faq-form-title" className="grid gap-4">
          <FormField label="Question" error={errors.question?.message}>
            {(field) => <Input {...field} {...register("question")} />}
          </FormField>
          <FormField label="Answer" error={errors.answer?.message}>
            {(field) => <Textarea {...field} {...register("answer")} rows={5} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Category" error={errors.category?.message}>
              {(field) => (
                <NativeSelect {...field} {...register("category")}>
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
              <Button type="button" variant="outline" onClick={onDone}>
                Cancel Edit
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
