import { zodResolver } from "@hookform/resolvers/zod";
import { X } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { InlineFormActions } from "~/components/ui/page-notice";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { ImagePicker } from "~/features/media/components/image-picker";
import { postedFields, type PostedForm } from "~/lib/posted-form";
import { useSaveResource } from "~/lib/use-admin-action";
import {
  BLOG_CATEGORIES,
  blogPostFormSchema,
  slugify,
  type BlogPost,
  type BlogPostFormInput,
  type BlogPostFormValues,
} from "../blog.schema";

const FIELDS = ["title", "content", "summary", "image", "author", "category", "tags"] as const;

interface BlogPostFormProps {
  post: BlogPost | null;
  onSaved: () => void;
  onCancel: () => void;
  /** What the page's action answered to the form posted without JavaScript. */
  posted?: PostedForm;
  /** On the page rather than in the dialog (opened by its address, e.g. without JavaScript). */
  inline?: boolean;
}

export function BlogPostForm({ post, onSaved, onCancel, posted, inline = false }: BlogPostFormProps) {
  const defaults: Record<string, unknown> = posted?.values ??
    post ?? { title: "", author: "", image: null, summary: "", content: "", tags: "" };
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BlogPostFormInput, unknown, BlogPostFormValues>({
    resolver: zodResolver(blogPostFormSchema),
    defaultValues: defaults as BlogPostFormInput,
  });
  const { initial, errorOf } = postedFields<(typeof FIELDS)[number]>(defaults, errors, posted);
  const title = useWatch({ control, name: "title" }) ?? "";
  const slug = slugify(title, "");

  const save = useSaveResource({ noun: "Blog post", endpoint: "/api/blog", setError, fields: FIELDS });

  const onSubmit = handleSubmit(async (values) => {
    // The spec sends the slug with the post; the server derives its own from the title (adding -2 … when taken).
    const body = { ...values, slug: slugify(values.title) };
    const saved = await save(post, body);
    if (saved) onSaved();
  });

  const submitLabel = post ? "Update Post" : "Add Post";
  return (
    <form
      method="post"
      action="/admin/blog"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
    >
      {post && <input type="hidden" name="id" value={post.id} />}
      <FormField
        label="Title"
        error={errorOf("title")}
        hint={
          <>
            Address: <span className="font-mono text-foreground">/blog/{slug || "…"}</span>
          </>
        }
      >
        {(field) => <Input {...field} {...register("title")} defaultValue={initial("title")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Author" error={errorOf("author")}>
          {(field) => <Input {...field} {...register("author")} defaultValue={initial("author")} autoComplete="name" />}
        </FormField>
        <FormField label="Category" error={errorOf("category")}>
          {(field) => (
            <NativeSelect {...field} {...register("category")} defaultValue={initial("category") ?? ""}>
              <option value="">Select a category</option>
              {BLOG_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField label="Image" error={errorOf("image")} hint="Optional.">
        {(field) => (
          <Controller
            control={control}
            name="image"
            render={({ field: { value, onChange } }) => (
              <div className="flex flex-wrap items-center gap-2">
                <ImagePicker {...field} name="image" value={value} onChange={onChange} />
                {value && (
                  <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
                    <X aria-hidden />
                    Remove image
                  </Button>
                )}
                {/* Without JavaScript the button above does nothing: the form says so itself. */}
                {value && (
                  <noscript>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="imageRemove" />
                      Remove image
                    </label>
                  </noscript>
                )}
              </div>
            )}
          />
        )}
      </FormField>
      <FormField label="Summary" error={errorOf("summary")} hint="Shown on the blog list.">
        {(field) => (
          <Textarea
            {...field}
            {...register("summary")}
            defaultValue={initial("summary")}
            rows={2}
            className="min-h-16"
          />
        )}
      </FormField>
      <FormField label="Content" error={errorOf("content")} hint="Each line break starts a new paragraph.">
        {(field) => <Textarea {...field} {...register("content")} defaultValue={initial("content")} rows={10} />}
      </FormField>
      <FormField label="Tags" error={errorOf("tags")} hint="Separate tags with commas, e.g. fades, beard care.">
        {(field) => <Input {...field} {...register("tags")} defaultValue={initial("tags")} />}
      </FormField>
      {inline ? (
        <InlineFormActions cancelHref="/admin/blog" submitLabel={submitLabel} submitting={isSubmitting} />
      ) : (
        <FormDialogActions submitLabel={submitLabel} submitting={isSubmitting} onCancel={onCancel} />
      )}
    </form>
  );
}
