import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { EmptyState } from "~/components/ui/empty-state";
import { toPostCard } from "~/features/blog/blog-views.server";
import { listPosts } from "~/features/blog/blog.server";
import { PostCard } from "~/features/blog/components/post-card";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/blog";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.db);
  return { posts: posts.map(toPostCard) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Blog",
    description: "Grooming tips, style guides, product reviews and news from the barbers at Oldham Barbers.",
    path: "/blog",
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow="Tips, styles & news" title="Blog">
        Advice from behind the chair: how to keep a fade sharp, look after a beard and pick the right product for your
        hair.
      </PageIntro>
      <PageSection>
        {posts.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Blog posts">
            {posts.map((post, index) => (
              <li key={post.slug}>
                <PostCard post={post} eager={index < 2} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>No blog posts yet. Please check back soon.</EmptyState>
        )}
      </PageSection>
    </PageMain>
  );
}
