import { formatShopInstant } from "~/lib/shop-time";

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
      <time dateTime={createdAt}>{formatShopInstant(createdAt, long ? "blogPost" : "blogCard")}</time>
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
