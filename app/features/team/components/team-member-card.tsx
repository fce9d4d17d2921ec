import { MediaImage } from "~/features/media";
import type { PublicTeamMember } from "../team.schema";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

/**
 * A barber as the home page and /team show them: photo (or initials), name, bio and the services they do.
 * The name is an h3 under the home page's section heading, an h2 on /team right under its h1.
 */
export function TeamMemberCard({
  member,
  serviceTitles,
  headingLevel = 3,
}: {
  member: PublicTeamMember;
  serviceTitles: string[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-sm">
      {member.image ? (
        <MediaImage
          src={member.image}
          alt={`${member.name}, barber`}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover"
          loading="lazy"
        />
      ) : (
        <div
          aria-hidden
          className="grid aspect-[4/3] w-full place-items-center bg-ink font-display text-5xl font-semibold text-brass"
        >
          {initials(member.name)}
        </div>
      )}
      <div className="grid flex-1 content-start gap-2 p-5">
        <Heading className="text-xl font-semibold">{member.name}</Heading>
        {member.bio && <p className="text-sm leading-relaxed text-muted-foreground">{member.bio}</p>}
        {serviceTitles.length > 0 && (
          <p className="text-sm">
            <span className="font-semibold">Does: </span>
            {serviceTitles.join(", ")}
          </p>
        )}
      </div>
    </article>
  );
}
