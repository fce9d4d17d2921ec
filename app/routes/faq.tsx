import { Link } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FaqAccordion, type FaqGroup } from "~/features/faqs/components/faq-accordion";
import { listFaqs } from "~/features/faqs/faqs.server";
import { faqPageJsonLd, seoMeta } from "~/features/seo/seo";
import { ShopPhoneLink } from "~/features/settings/components/shop-phone-link";
import type { Route } from "./+types/faq";

export async function loader({ context }: Route.LoaderArgs) {
  const faqs = await listFaqs(context.db);
  // listFaqs already returns them in the page's category order.
  const groups: FaqGroup[] = [];
  for (const faq of faqs) {
    const group = groups.at(-1)?.category === faq.category ? groups.at(-1) : undefined;
    const entry = { id: faq.id, question: faq.question, answer: faq.answer };
    if (group) group.faqs.push(entry);
    else groups.push({ category: faq.category, faqs: [entry] });
  }
  return { groups };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(matches, {
    title: "Frequently Asked Questions",
    description:
      "Answers to common questions about booking, prices, services, products and payments at Oldham Barbers.",
    path: "/faq",
    jsonLd: loaderData ? [faqPageJsonLd(loaderData.groups.flatMap((group) => group.faqs))] : [],
  });

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow="Help" title="Frequently Asked Questions">
        Everything you might want to know before your visit. Can&apos;t find your answer? Get in touch.
      </PageIntro>
      <PageSection className="max-w-4xl">
        {groups.length > 0 ? (
          <FaqAccordion groups={groups} />
        ) : (
          <EmptyState>No questions have been answered here yet.</EmptyState>
        )}
        <div className="mt-14 rounded-[var(--radius-card)] bg-ink p-8 text-center text-ink-foreground">
          <h2 className="text-2xl font-bold uppercase sm:text-3xl">Still have a question?</h2>
          <p className="mt-2 text-ink-muted">
            Call us on <ShopPhoneLink className="font-semibold text-ink-foreground underline underline-offset-4" /> or
            send us a message.
          </p>
          <Button asChild variant="accent" className="mt-6">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </div>
      </PageSection>
    </PageMain>
  );
}
