import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { GeneralErrorBoundary } from "~/components/layout/error-page";
import { PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { toParagraphs, toPostCard } from "~/features/blog/blog-views.server";
import { metaDescription, splitTags } from "~/features/blog/blog.schema";
import { getPostBySlug, listPosts } from "~/features/blog/blog.server";
import { PostCard } from "~/features/blog/components/post-card";
import { PostByline, TagList } from "~/features/blog/components/post-meta";
import { responsiveImage } from "~/features/media/media-urls";
import { pageData } from "~/lib/page-errors";
import { blogPostingJsonLd, breadcrumbJsonLd, publicUrlFrom, seoMeta, shopSettingsFrom } from "~/features/seo/seo";
import type { Route } from "./+types/blog-post";

const MORE_POSTS = 3;

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await pageData(getPostBySlug(context.db, params.slug));
  const others = (await listPosts(context.db)).filter((other) => other.slug !== post.slug).slice(0, MORE_POSTS);
  return {
    post: {
      slug: post.slug,
      title: post.title,
      author: post.author,
      category: post.category,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      image: post.image,
      tags: splitTags(post.tags),
      paragraphs: toParagraphs(post.content),
      description: metaDescription(post.content),
    },
    morePosts: others.map(toPostCard),
  };
}

const crumbsFor = (post: { title: string; slug: string }) => [
  { name: "Home", path: "/" },
  { name: "Blog", path: "/blog" },
  { name: post.title, path: `/blog/${post.slug}` },
];

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  if (!loaderData) {
    return seoMeta(matches, {
      title: "Blog post not found",
      description: "This blog post could not be found.",
      path: `/blog/${params.slug}`,
      noindex: true,
    });
  }
  const { post } = loaderData;
  const publicUrl = publicUrlFrom(matches);
  return seoMeta(matches, {
    title: post.title,
    description: post.description,
    path: `/blog/${post.slug}`,
    image: post.image,
    imageAlt: post.title,
    type: "article",
    extra: [
      { property: "article:published_time", content: post.createdAt },
      { property: "article:modified_time", content: post.updatedAt },
      { property: "article:author", content: post.author },
      { property: "article:section", content: post.category },
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    ],
    jsonLd: [
      blogPostingJsonLd(publicUrl, post, shopSettingsFrom(matches).shopName),
      breadcrumbJsonLd(publicUrl, crumbsFor(post)),
    ],
  });
};

const IMAGE_SIZES = "(min-width: 1024px) 960px, 100vw";

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, morePosts } = loaderData;
  return (
    <PageMain>
      <article>
        <header className="barber-stripes bg-ink text-ink-foreground">
          <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
            <Breadcrumbs crumbs={crumbsFor(post)} />
            <p className="font-display text-sm font-medium uppercase tracking-[0.3em] text-brass">{post.category}</p>
            <h1 className="mt-3 text-4xl font-bold uppercase leading-[1.05] sm:text-5xl lg:text-6xl">{post.title}</h1>
            <PostByline author={post.author} createdAt={post.createdAt} long className="mt-5 text-ink-muted" />
            <TagList tags={post.tags} tone="dark" className="mt-5" />
          </div>
        </header>
        {post.image && (
          <div className="mx-auto max-w-5xl px-4 pt-10 sm:px-6">
            <img
              {...responsiveImage(post.image, IMAGE_SIZES)}
              alt=""
              width={1600}
              height={900}
              fetchPriority="high"
              className="aspect-video w-full rounded-[var(--radius-card)] object-cover shadow-md"
            />
          </div>
        )}
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <div className="grid gap-5 text-lg leading-relaxed text-foreground/90">
            {post.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <Button asChild variant="outline" className="mt-12">
            <Link to="/blog">
              <ArrowLeft aria-hidden />
              Back to the blog
            </Link>
          </Button>
        </div>
      </article>
      {morePosts.length > 0 && (
        <PageSection aria-labelledby="more-posts" className="border-t border-border">
          <h2 id="more-posts" className="mb-8 text-3xl font-bold uppercase">
            More from the blog
          </h2>
          <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {morePosts.map((other) => (
              <li key={other.slug}>
                <PostCard post={other} headingLevel={3} />
              </li>
            ))}
          </ul>
        </PageSection>
      )}
    </PageMain>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={{
        title: "Blog post not found",
        message: "This post may have been renamed or taken down. Have a look at our other articles instead.",
        links: [
          { to: "/blog", label: "All blog posts" },
          { to: "/prices", label: "See our prices" },
          { to: "/bookings", label: "Book an appointment" },
          { to: "/contact", label: "Contact us" },
        ],
      }}
    />
  );
}
