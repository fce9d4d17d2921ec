import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { SHOP_TIME_ZONE } from "~/lib/shop";

/** Dates are read in the shop's zone, so the server's HTML and the browser agree whatever zone either runs in. */
export const formatPostDate = (iso: string, pattern: "MMM d, yyyy" | "MMMM d, yyyy") =>
  format(new TZDate(new Date(iso).getTime(), SHOP_TIME_ZONE), pattern);

/** "By Dan Carter · Jan 5, 2024" on cards, "… January 5, 2024" on the post itself. */
export function PostByline({
  author,
  createdAt,
  long = false,
  className,
}: {
  author: string;
  createdAt: string;
  long?: boolean;
  className?: string;
}) {
  return (
    <p className={className}>
      By <span className="font-semibold">{author}</span>
      <span aria-hidden className="mx-2">
        ·
      </span>
      <time dateTime={createdAt}>{formatPostDate(createdAt, long ? "MMMM d, yyyy" : "MMM d, yyyy")}</time>
    </p>
  );
}

export function TagList({
  tags,
  tone = "light",
  className,
}: {
  tags: readonly string[];
  tone?: "light" | "dark";
  className?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className ?? ""}`} aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className={
            tone === "dark"
              ? "rounded-full border border-white/20 px-3 py-1 text-xs font-medium text-ink-foreground"
              : "rounded-full bg-muted px-3 py-1 text-xs font-medium text-foreground"
          }
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
