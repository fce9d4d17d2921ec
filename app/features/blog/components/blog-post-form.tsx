import { X } from "lucide-react";
import { Controller, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { ResourceForm, useResourceForm, type ItemFormProps } from "~/components/ui/resource-form";
import { ImagePicker } from "~/features/media";
import { BLOG_CATEGORIES, blogPostFormSchema, slugify, type BlogPost } from "../blog.schema";

const FIELDS = ["title", "content", "summary", "image", "author", "category", "tags"] as const;

export function BlogPostForm({ item: post, onSaved, onCancel, posted, inline = false }: ItemFormProps<BlogPost>) {
  const { register, control, formState, initial, errorOf, onSubmit } = useResourceForm({
    schema: blogPostFormSchema,
    fields: FIELDS,
    item: post,
    defaults: post ?? { title: "", author: "", image: null, summary: "", content: "", tags: "" },
    posted,
    noun: "Blog post",
    endpoint: "/api/blog",
    // The spec sends the slug with the post; the server derives its own from the title (adding -2 … when taken).
    body: (values) => ({ ...values, slug: slugify(values.title) }),
    onSaved,
  });
  const title = useWatch({ control, name: "title" }) ?? "";
  const slug = slugify(title, "");
  return (
    <ResourceForm
      page="/admin/blog"
      multipart
      itemId={post?.id}
      onSubmit={onSubmit}
      inline={inline}
      submitLabel={post ? "Update Post" : "Add Post"}
      submitting={formState.isSubmitting}
      onCancel={onCancel}
    >
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
    </ResourceForm>
  );
}
