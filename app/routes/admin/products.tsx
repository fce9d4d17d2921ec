import { adminMeta } from "~/components/layout/admin-page";
import { ManagementPage } from "~/components/layout/management-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { storeFormImage } from "~/features/media/media.server";
import { ProductAdminCard } from "~/features/products/components/product-admin-card";
import { ProductForm } from "~/features/products/components/product-form";
import { productFormSchema, type Product } from "~/features/products/products.schema";
import { createProduct, deleteProduct, listProducts, updateProduct } from "~/features/products/products.server";
import { formTextValues, managementState, resourceFormAction } from "~/lib/form-action.server";
import { savedNotices } from "~/lib/saved-notice";
import type { Route } from "./+types/products";

const SAVED_NOTICES = savedNotices("Product");

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
  const { db } = context;
  return resourceFormAction(values, {
    page: "/admin/products",
    schema: productFormSchema,
    prepare: () => storeFormImage(context, form, values),
    create: (input) => createProduct(db, input),
    update: (id, input) => updateProduct(db, id, input),
    remove: (id) => deleteProduct(db, id),
  });
}

export const meta = () => adminMeta("Manage Products");

export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ManagementPage<Product>
      title="Manage Products"
      noun="product"
      page="/admin/products"
      apiPath="/api/products"
      addLabel="Add New Product"
      items={loaderData.products}
      editing={loaderData.editing}
      posted={actionData}
      notice={loaderData.notice}
      emptyText="No products yet. Add the first one with Add New Product."
      listClassName="sm:grid-cols-2 lg:grid-cols-4"
      nameOf={(product) => product.name}
      dialogDescriptions={{ add: "A new product for the shop page.", edit: "Change the details of this product." }}
      renderCard={(product, card) => <ProductAdminCard product={product} {...card} />}
      renderForm={(form) => <ProductForm {...form} />}
    />
  );
}
