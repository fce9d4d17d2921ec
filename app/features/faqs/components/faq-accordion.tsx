import { useState } from "react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import type { Faq } from "../faqs.schema";

export interface FaqGroup {
  category: string;
  faqs: Pick<Faq, "id" | "question" | "answer">[];
}

/**
 * The FAQ groups, one accordion per category, with one answer open at a time
 * across the whole page: opening a question closes the one open before it.
 * Answers are always in the HTML (hidden while closed) so visitors without
 * JavaScript and search engines can read them.
 */
export function FaqAccordion({ groups }: { groups: readonly FaqGroup[] }) {
  const [open, setOpen] = useState("");
  return (
    <div className="grid gap-12">
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={`faq-${group.category}`}>
          <h2 id={`faq-${group.category}`} className="mb-2 text-2xl font-bold uppercase sm:text-3xl">
            {group.category}
          </h2>
          <Accordion
            type="single"
            collapsible
            value={open}
            onValueChange={setOpen}
            className="rounded-[var(--radius-card)] border border-border bg-card px-5 shadow-sm sm:px-6"
          >
            {group.faqs.map((faq) => (
              <AccordionItem key={faq.id} value={String(faq.id)} className="last:border-b-0">
                <AccordionTrigger className="font-sans text-base tracking-normal sm:text-lg">
                  {faq.question}
                </AccordionTrigger>
                <AccordionContent forceMount className="whitespace-pre-line leading-relaxed">
                  {faq.answer}
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}
    </div>
  );
}
