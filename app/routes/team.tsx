import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { listServices } from "~/features/services/services.server";
import { TeamMemberCard } from "~/features/team/components/team-member-card";
import { listPublicTeam } from "~/features/team/team.server";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/team";

export async function loader({ context }: Route.LoaderArgs) {
  const [team, services] = await Promise.all([listPublicTeam(context.db), listServices(context.db)]);
  const titles = new Map(services.map((service) => [String(service.id), service.title]));
  return {
    team: team.map((member) => ({
      member,
      serviceTitles: member.serviceIds.flatMap((id) => titles.get(id) ?? []),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Meet the Team",
    description: "The barbers of Oldham Barbers: who they are and what they do. Book with the one you like.",
    path: "/team",
  });

export default function Team({ loaderData }: Route.ComponentProps) {
  return (
    <PageMain>
      <PageIntro eyebrow="Our barbers" title="Meet the Team">
        The people behind the chairs. Book with the barber you like, or with whoever is free first.
      </PageIntro>
      <PageSection>
        {loaderData.team.length === 0 ? (
          <EmptyState>Our team page is being updated. Please check back soon.</EmptyState>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.team.map(({ member, serviceTitles }) => (
              <li key={member.id}>
                <TeamMemberCard member={member} serviceTitles={serviceTitles} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg">
            <Link to="/bookings">
              <CalendarCheck aria-hidden />
              Book Appointment
            </Link>
          </Button>
        </div>
      </PageSection>
    </PageMain>
  );
}
