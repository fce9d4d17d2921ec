import { Plus } from "lucide-react";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { ProductAdminCard } from "~/features/products/components/product-admin-card";
import { ProductForm } from "~/features/products/components/product-form";
import type { Product } from "~/features/products/products.schema";
import { listProducts } from "~/features/products/products.server";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/products";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { products: await listProducts(context.db) };
}

export const meta = () => adminMeta("Manage Products");

export default function ManageProducts({ loaderData }: Route.ComponentProps) {
  const editor = useEditMode<Product>();
  const { run, pending } = useAdminAction();

  const remove = (product: Product) =>
    run(() => api("DELETE", `/api/products/${product.id}`), {
      success: { title: "Product deleted", description: "The product has been deleted successfully." },
    });

  return (
    <AdminPage
      title="Manage Products"
      actions={
        <Button onClick={editor.create}>
          <Plus aria-hidden />
          Add New Product
        </Button>
      }
    >
      {loaderData.products.length === 0 ? (
        <EmptyState>No products yet. Add the first one with Add New Product.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.products.map((product) => (
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
