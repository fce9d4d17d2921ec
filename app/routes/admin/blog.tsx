import { Plus } from "lucide-react";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import type { BlogPost } from "~/features/blog/blog.schema";
import { listPosts } from "~/features/blog/blog.server";
import { BlogAdminCard } from "~/features/blog/components/blog-admin-card";
import { BlogPostForm } from "~/features/blog/components/blog-post-form";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/blog";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { posts: await listPosts(context.db) };
}

export const meta = () => adminMeta("Manage Blog Posts");

export default function ManageBlogPosts({ loaderData }: Route.ComponentProps) {
  const editor = useEditMode<BlogPost>();
  const { run, pending } = useAdminAction();

  const remove = (post: BlogPost) =>
    run(() => api("DELETE", `/api/blog/${post.id}`), {
      success: { title: "Blog post deleted", description: "The blog post has been deleted successfully." },
    });

  return (
    <AdminPage
      title="Manage Blog Posts"
      actions={
        <Button onClick={editor.create}>
          <Plus aria-hidden />
          Add New Post
        </Button>
      }
    >
      {loaderData.posts.length === 0 ? (
        <EmptyState>No blog posts yet. Write the first one with Add New Post.</EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {loaderData.posts.map((post) => (
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
