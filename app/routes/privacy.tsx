import { Link } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { QUEUE_KEEP_DAYS } from "~/features/queue/index.server";
import { seoMeta } from "~/features/seo/seo";
import { addressLine, phoneHref } from "~/features/settings/shop-facts";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import type { Route } from "./+types/privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const { bookingRetentionMonths, contactRetentionMonths, reminderLeadHours } = await context.settings();
  return { bookingRetentionMonths, contactRetentionMonths, reminderLeadHours, queueKeepDays: QUEUE_KEEP_DAYS };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Privacy",
    description: `What the shop keeps about you when you book or write to us, why, for how long, and your rights.`,
    path: "/privacy",
  });

const months = (count: number) =>
  count % 12 === 0 ? `${count / 12} year${count === 12 ? "" : "s"}` : `${count} months`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-2xl font-bold uppercase">{title}</h2>
      {children}
    </section>
  );
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { bookingRetentionMonths, contactRetentionMonths, reminderLeadHours, queueKeepDays } = loaderData;
  const shop = useShopSettings();
  return (
    <PageMain>
      <PageIntro eyebrow="Your data" title="Privacy">
        What we keep when you book or send us a message, why we keep it, for how long, and what you can ask of us.
      </PageIntro>
      <PageSection className="grid max-w-3xl gap-10 text-base leading-relaxed [&_li]:ml-5 [&_li]:list-disc">
        <Section title="Who we are">
          <p>
            {shop.shopName}, {addressLine(shop)}, is responsible for the personal data described here. Questions about
            it: call us on{" "}
            <a className="font-semibold underline underline-offset-4" href={phoneHref(shop.phone)}>
              {shop.phone}
            </a>{" "}
            or ask in the shop.
          </p>
        </Section>

        <Section title="What we keep and why">
          <p>
            <strong>When you book</strong>, we keep your name, email address, phone number, any note you add, the
            services and time you chose and the total. We use them to hold your appointment and to send you the
            confirmation, a reminder {reminderLeadHours} hours before, and any change or cancellation; we call you if we
            need to. After your visit we note whether you came, so we can keep times free for customers who do. The
            reason in law is the contract you make with us when you book, and our legitimate interest in running the
            shop.
          </p>
          <p>
            <strong>When you send a message</strong> through the contact form, we keep your name, email address, phone
            number and message, to answer you. The reason in law is our legitimate interest in answering.
          </p>
          <p>
            Our mails go through our mail provider. We do not sell your data, send you marketing, or pass it to anyone
            else. The site sets a cookie only when the shop owner signs in; the map on the contact page loads from
            Google only when you ask for it.
          </p>
        </Section>

        <Section title="How long we keep it">
          <ul className="grid gap-2">
            <li>
              Bookings: your name, email address, phone number and notes are erased automatically{" "}
              <strong>{months(bookingRetentionMonths)}</strong> after the appointment. The date, the services and the
              total stay, without anything that names you, for the shop&apos;s accounts.
            </li>
            <li>
              Contact messages: erased automatically <strong>{months(contactRetentionMonths)}</strong> after you sent
              them.
            </li>
            <li>
              The walk-in queue: your name, phone number and email address are erased automatically{" "}
              <strong>{queueKeepDays} days</strong> after the day you joined. The times and the services stay, without
              anything that names you, so the shop can count its walk-ins.
            </li>
          </ul>
        </Section>

        <Section title="Your rights">
          <p>
            Under UK GDPR you may ask for a copy of everything we hold about you, ask us to correct it, or ask us to
            erase it (any appointment still to come is then cancelled, and we tell you by email). Call us or ask in the
            shop; we answer within a month. You can also{" "}
            <Link className="font-semibold underline underline-offset-4" to="/bookings">
              cancel a booking yourself
            </Link>{" "}
            with the link in your confirmation email. If you are unhappy with how we handle your data, you may complain
            to the Information Commissioner&apos;s Office at{" "}
            <a className="font-semibold underline underline-offset-4" href="https://ico.org.uk/make-a-complaint/">
              ico.org.uk
            </a>
            .
          </p>
        </Section>
      </PageSection>
    </PageMain>
  );
}
