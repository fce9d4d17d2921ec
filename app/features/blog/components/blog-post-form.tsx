import { zodResolver } from "@hookform/resolvers/zod";
import { X } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { ImagePicker } from "~/features/media/components/image-picker";
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
}

export function BlogPostForm({ post, onSaved, onCancel }: BlogPostFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BlogPostFormInput, unknown, BlogPostFormValues>({
    resolver: zodResolver(blogPostFormSchema),
    defaultValues: post ?? { title: "", author: "", image: null, summary: "", content: "", tags: "" },
  });
  const title = useWatch({ control, name: "title" }) ?? "";
  const slug = slugify(title, "");

  const save = useSaveResource({ noun: "Blog post", endpoint: "/api/blog", setError, fields: FIELDS });

  const onSubmit = handleSubmit(async (values) => {
    // The spec sends the slug with the post; the server derives its own from the title (adding -2 … when taken).
    const body = { ...values, slug: slugify(values.title) };
    const saved = await save(post, body);
    if (saved) onSaved();
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Title"
        error={errors.title?.message}
        hint={
          <>
            Address: <span className="font-mono text-foreground">/blog/{slug || "…"}</span>
          </>
        }
      >
        {(field) => <Input {...field} {...register("title")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Author" error={errors.author?.message}>
          {(field) => <Input {...field} {...register("author")} autoComplete="name" />}
        </FormField>
        <FormField label="Category" error={errors.category?.message}>
          {(field) => (
            <NativeSelect {...field} {...register("category")}>
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
      <FormField label="Image" error={errors.image?.message} hint="Optional.">
        {(field) => (
          <Controller
            control={control}
            name="image"
            render={({ field: { value, onChange } }) => (
              <div className="flex flex-wrap items-center gap-2">
                <ImagePicker {...field} value={value} onChange={onChange} />
                {value && (
                  <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
                    <X aria-hidden />
                    Remove image
                  </Button>
                )}
              </div>
            )}
          />
        )}
      </FormField>
      <FormField label="Summary" error={errors.summary?.message} hint="Shown on the blog list.">
        {(field) => <Textarea {...field} {...register("summary")} rows={2} className="min-h-16" />}
      </FormField>
      <FormField label="Content" error={errors.content?.message} hint="Each line break starts a new paragraph.">
        {(field) => <Textarea {...field} {...register("content")} rows={10} />}
      </FormField>
      <FormField label="Tags" error={errors.tags?.message} hint="Separate tags with commas, e.g. fades, beard care.">
        {(field) => <Input {...field} {...register("tags")} />}
      </FormField>
      <FormDialogActions
        submitLabel={post ? "Update Post" : "Add Post"}
        submitting={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
