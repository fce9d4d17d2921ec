import { useNavigate } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { AddNewLink, RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { storeFormImage } from "~/features/media/media.server";
import { BlogAdminCard } from "~/features/blog/components/blog-admin-card";
import { BlogPostForm } from "~/features/blog/components/blog-post-form";
import { blogPostFormSchema, type BlogPost } from "~/features/blog/blog.schema";
import { createPost, deletePost, listPosts, updatePost } from "~/features/blog/blog.server";
import { api } from "~/lib/api-client";
import { formTextValues, managementState, resourceFormAction } from "~/lib/form-action.server";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/blog";

const SAVED_NOTICES = {
  created: "Blog post created: the blog post has been created successfully.",
  updated: "Blog post updated: the blog post has been updated successfully.",
  deleted: "Blog post deleted: the blog post has been deleted successfully.",
};

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
  const { db, storage, config } = context;
  return resourceFormAction(values, {
    page: "/admin/blog",
    schema: blogPostFormSchema,
    prepare: () =>
      storeFormImage({ db, storage, maxFileBytes: config.limits.uploadMaxFileBytes }, form, values, "image"),
    create: (input) => createPost(db, input),
    update: (id, input) => updatePost(db, id, input),
    remove: (id) => deletePost(db, id),
  });
}

export const meta = () => adminMeta("Manage Blog Posts");

export default function ManageBlogPosts({ loaderData, actionData }: Route.ComponentProps) {
  const editor = useEditMode<BlogPost>();
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();
  const { posts, notice } = loaderData;
  const deleting = actionData?.values.intent === "delete";
  // After a refused save the form stays open with what was typed; otherwise the address says what is open.
  const editing =
    actionData && !deleting ? (posts.find((post) => post.id === actionData.id) ?? "new") : loaderData.editing;

  const remove = (post: BlogPost) =>
    run(() => api("DELETE", `/api/blog/${post.id}`), {
      success: { title: "Blog post deleted", description: "The blog post has been deleted successfully." },
    });

  return (
    <AdminPage
      title="Manage Blog Posts"
      actions={
        <AddNewLink href="/admin/blog?edit=new" onOpen={editor.create}>
          Add New Post
        </AddNewLink>
      }
    >
      {notice && !actionData && <SavedNotice>{notice}</SavedNotice>}
      {/* A refusal no field can show: a delete, an image file that is not one. */}
      {actionData && Object.keys(actionData.fieldErrors).length === 0 && (
        <RefusedNotice>{actionData.message}</RefusedNotice>
      )}
      {editing && (
        <Card className="mb-6 grid gap-4 p-5">
          <h2 className="text-xl font-semibold leading-tight">
            {editing === "new" ? "Add New Blog Post" : `Edit ${editing.title}`}
          </h2>
          <BlogPostForm
            post={editing === "new" ? null : editing}
            posted={actionData && !deleting ? actionData : undefined}
            inline
            onSaved={() => void navigate("/admin/blog")}
            onCancel={() => void navigate("/admin/blog")}
          />
        </Card>
      )}
      {posts.length === 0 ? (
        <EmptyState>No blog posts yet. Write the first one with Add New Post.</EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {posts.map((post) => (
            <li key={post.id}>
              <BlogAdminCard
                post={post}
                busy={pending}
                onEdit={() => editor.edit(post)}
                onDelete={() => remove(post)}
              />
            </li>
          ))}
        </ul>
      )}
      <FormDialog
        open={editor.open}
        onOpenChange={editor.onOpenChange}
        title={editor.editing ? "Edit Blog Post" : "Add New Blog Post"}
        description={
          editor.editing ? "Change this post; its address follows its title." : "A new article for the blog."
        }
        className="max-w-2xl"
      >
        <BlogPostForm post={editor.editing} onSaved={editor.done} onCancel={editor.done} />
      </FormDialog>
    </AdminPage>
  );
}
