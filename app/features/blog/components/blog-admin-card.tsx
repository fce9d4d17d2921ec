import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { AdminImageCard } from "~/features/media";
import { formatShopInstant } from "~/lib/shop-time";
import { splitTags, type BlogPost } from "../blog.schema";

interface BlogAdminCardProps {
  post: BlogPost;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}

export function BlogAdminCard({ post, ...actions }: BlogAdminCardProps) {
  return (
    <AdminImageCard
      thing="blog post"
      title={post.title}
      headingLevel="h2"
      image={{
        src: post.image,
        alt: "",
        sizes: "(min-width: 640px) 12rem, 100vw",
        className: "aspect-video sm:aspect-auto sm:w-48 sm:shrink-0",
      }}
      imageBeside
      page="/admin/blog"
      id={post.id}
      {...actions}
    >
      <p className="text-sm text-muted-foreground">
        By <span className="font-medium text-foreground">{post.author}</span> ·{" "}
        <time dateTime={post.createdAt}>{formatShopInstant(post.createdAt, "blogCard")}</time>
      </p>
      <p className="line-clamp-3 text-sm">{post.summary}</p>
      <div className="mt-auto flex flex-wrap items-center gap-1.5 pt-1">
        <Badge>{post.category}</Badge>
        {splitTags(post.tags).map((tag) => (
          <Badge key={tag} variant="outline">
            {tag}
          </Badge>
        ))}
        <Link
          to={`/blog/${post.slug}`}
          className="ml-auto inline-flex items-center gap-1 text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
        >
          View post
          <ExternalLink aria-hidden className="size-3.5" />
          <span className="sr-only">: {post.title}</span>
        </Link>
      </div>
    </AdminImageCard>
  );
}
