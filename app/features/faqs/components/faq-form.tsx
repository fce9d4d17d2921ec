import { useEffect } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { useResourceForm } from "~/components/ui/resource-form";
import type { PostedForm } from "~/lib/posted-form";
import { FAQ_CATEGORIES, faqFormSchema, type Faq, type FaqFormInput } from "../faqs.schema";

const FIELDS = ["question", "answer", "category", "order"] as const;
const EMPTY: FaqFormInput = { question: "", answer: "", category: "General", order: 0 };

interface FaqFormProps {
  /** The FAQ being edited; none in create mode. Give the form a `key` per FAQ so switching starts afresh. */
  faq: Faq | null;
  /** Leaves edit mode (after an update or Cancel Edit). */
  onDone: () => void;
  posted?: PostedForm;
}

/** The form card of Manage FAQs: Add New FAQ, or Edit FAQ with Cancel Edit. */
export function FaqForm({ faq, onDone, posted }: FaqFormProps) {
  const { register, reset, setFocus, formState, initial, errorOf, onSubmit } = useResourceForm({
    schema: faqFormSchema,
    fields: FIELDS,
    item: faq,
    defaults: faq ?? EMPTY,
    posted,
    noun: "FAQ",
    nounInSentence: "FAQ",
    endpoint: "/api/faqs",
    // The card stays for the next FAQ after an add; an edit goes back to adding.
    onSaved: () => (faq ? onDone() : reset(EMPTY)),
  });

  useEffect(() => {
    if (faq) setFocus("question");
  }, [faq, setFocus]);

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
          <FormField label="Question" error={errorOf("question")}>
            {(field) => <Input {...field} {...register("question")} defaultValue={initial("question")} />}
          </FormField>
          <FormField label="Answer" error={errorOf("answer")}>
            {(field) => <Textarea {...field} {...register("answer")} defaultValue={initial("answer")} rows={5} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Category" error={errorOf("category")}>
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
            <FormField label="Order" error={errorOf("order")} hint="Lower numbers come first.">
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
            <Button type="submit" disabled={formState.isSubmitting}>
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
