import { useNavigate } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { AddNewLink, RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { storeFormImage } from "~/features/media/media.server";
import { ProductAdminCard } from "~/features/products/components/product-admin-card";
import { ProductForm } from "~/features/products/components/product-form";
import { productFormSchema, type Product } from "~/features/products/products.schema";
import { createProduct, deleteProduct, listProducts, updateProduct } from "~/features/products/products.server";
import { api } from "~/lib/api-client";
import { formTextValues, managementState, resourceFormAction } from "~/lib/form-action.server";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/products";

const SAVED_NOTICES = {
  created: "Product created: the product has been created successfully.",
  updated: "Product updated: the product has been updated successfully.",
  deleted: "Product deleted: the product has been deleted successfully.",
};

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const products = await listProducts(context.db);
  return { products, ...managementState(request, products, SAVED_NOTICES) };
}

/**
 * The product form (with an image file when sent without JavaScript) and the bin: the same schema and
 * feature functions as POST, PUT and DELETE /api/products.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const values = formTextValues(form);
  const { db, storage, config } = context;
  return resourceFormAction(values, {
    page: "/admin/products",
    schema: productFormSchema,
    prepare: () =>
      storeFormImage({ db, storage, maxFileBytes: config.limits.uploadMaxFileBytes }, form, values, "image"),
    create: (input) => createProduct(db, input),
    update: (id, input) => updateProduct(db, id, input),
    remove: (id) => deleteProduct(db, id),
  });
}

export const meta = () => adminMeta("Manage Products");

export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  const editor = useEditMode<Product>();
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();
  const { products, notice } = loaderData;
  const deleting = actionData?.values.intent === "delete";
  // After a refused save the form stays open with what was typed; otherwise the address says what is open.
  const editing =
    actionData && !deleting ? (products.find((product) => product.id === actionData.id) ?? "new") : loaderData.editing;

  const remove = (product: Product) =>
    run(() => api("DELETE", `/api/products/${product.id}`), {
      success: { title: "Product deleted", description: "The product has been deleted successfully." },
    });

  return (
    <AdminPage
      title="Manage Products"
      actions={
        <AddNewLink href="/admin/products?edit=new" onOpen={editor.create}>
          Add New Product
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
            {editing === "new" ? "Add New Product" : `Edit ${editing.name}`}
          </h2>
          <ProductForm
            product={editing === "new" ? null : editing}
            posted={actionData && !deleting ? actionData : undefined}
            inline
            onSaved={() => void navigate("/admin/products")}
            onCancel={() => void navigate("/admin/products")}
          />
        </Card>
      )}
      {products.length === 0 ? (
        <EmptyState>No products yet. Add the first one with Add New Product.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {products.map((product) => (
            <li key={product.id}>
              <ProductAdminCard
                product={product}
                busy={pending}
                onEdit={() => editor.edit(product)}
                onDelete={() => remove(product)}
              />
            </li>
          ))}
        </ul>
      )}
      <FormDialog
        open={editor.open}
        onOpenChange={editor.onOpenChange}
        title={editor.editing ? "Edit Product" : "Add New Product"}
        description={editor.editing ? "Change the details of this product." : "A new product for the shop page."}
      >
        <ProductForm product={editor.editing} onSaved={editor.done} onCancel={editor.done} />
      </FormDialog>
    </AdminPage>
  );
}
