import { adminMeta } from "~/components/layout/admin-page";
import { ManagementPage } from "~/components/layout/management-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { storeFormImage } from "~/features/media/media.server";
import { BlogAdminCard } from "~/features/blog/components/blog-admin-card";
import { BlogPostForm } from "~/features/blog/components/blog-post-form";
import { blogPostFormSchema, type BlogPost } from "~/features/blog/blog.schema";
import { createPost, deletePost, listPosts, updatePost } from "~/features/blog/blog.server";
import { formTextValues, managementState, resourceFormAction } from "~/lib/form-action.server";
import { savedNotices } from "~/lib/saved-notice";
import type { Route } from "./+types/blog";

const SAVED_NOTICES = savedNotices("Blog post");

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const posts = await listPosts(context.db);
  return { posts, ...managementState(request, posts, SAVED_NOTICES) };
}

/**
 * The blog post form (with a cover image file when sent without JavaScript) and the bin: the same schema
 * and feature functions as POST, PUT and DELETE /api/blog.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const values = formTextValues(form);
  const { db } = context;
  return resourceFormAction(values, {
    page: "/admin/blog",
    schema: blogPostFormSchema,
    prepare: () => storeFormImage(context, form, values),
    create: (input) => createPost(db, input),
    update: (id, input) => updatePost(db, id, input),
    remove: (id) => deletePost(db, id),
  });
}

export const meta = () => adminMeta("Manage Blog Posts");

export default function ManageBlogPosts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ManagementPage<BlogPost>
      title="Manage Blog Posts"
      noun="blog post"
      page="/admin/blog"
      apiPath="/api/blog"
      addLabel="Add New Post"
      items={loaderData.posts}
      editing={loaderData.editing}
      posted={actionData}
      notice={loaderData.notice}
      emptyText="No blog posts yet. Write the first one with Add New Post."
      listClassName="lg:grid-cols-2"
      nameOf={(post) => post.title}
      dialogDescriptions={{
        add: "A new article for the blog.",
        edit: "Change this post; its address follows its title.",
      }}
      dialogClassName="max-w-2xl"
      renderCard={(post, card) => <BlogAdminCard post={post} {...card} />}
      renderForm={(form) => <BlogPostForm {...form} />}
    />
  );
}
