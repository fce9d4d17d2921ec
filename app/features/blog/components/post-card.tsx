import { Link } from "react-router";
import { responsiveImage } from "~/features/media";
import type { BlogPost } from "../blog.schema";
import { PostByline, TagList } from "./post-meta";

export type PostCardData = Pick<
  BlogPost,
  "slug" | "title" | "author" | "createdAt" | "image" | "summary" | "category"
> & {
  /** The post's tags split on commas (done by the loader). */
  tagList: string[];
};

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw";

/** A post in the blog grid: the whole card follows the title's link to /blog/{slug}. */
export function PostCard({
  post,
  eager = false,
  headingLevel = 2,
}: {
  post: PostCardData;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      {post.image && (
        <div className="aspect-[16/10] overflow-hidden bg-muted">
          <img
            {...responsiveImage(post.image, CARD_SIZES)}
            alt=""
            width={800}
            height={500}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
          />
        </div>
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold uppercase tracking-widest text-accent-text">{post.category}</p>
        <Heading className="mt-2 line-clamp-2 text-2xl font-semibold uppercase leading-tight">
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:text-accent-text">
            {post.title}
          </Link>
        </Heading>
        <PostByline author={post.author} createdAt={post.createdAt} className="mt-2 text-sm text-muted-foreground" />
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted-foreground">{post.summary}</p>
        <TagList tags={post.tagList} className="mt-auto pt-5" />
      </div>
    </article>
  );
}
