import type { Db } from "~/db/client.server";
import { loadBooking } from "~/features/booking/index.server";
import { toPounds } from "~/lib/money";
import { createSaleSchema, type CreateSaleInput } from "./till.schema";

/* The till's "New sale" form: what it offers, and what it posts read into the same input as POST /api/sales. */

/** The services, products (with stock) and barbers to choose from; a booking's lines when checking one out. */
export async function newSaleChoices(db: Db, bookingId: number | undefined) {
  const [services, products, members, booking] = await Promise.all([
    db.selectFrom("services").select(["id", "title", "price_pence"]).orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("products").select(["id", "name", "price_pence", "stock"]).orderBy("name").execute(),
    db.selectFrom("team_members").select(["id", "name"]).where("active", "=", 1).orderBy("sort_order").execute(),
    bookingId === undefined ? undefined : loadBooking(db, { id: bookingId }),
  ]);
  return {
    services: services.map((row) => ({ id: row.id, title: row.title, price: toPounds(row.price_pence) })),
    products: products.map((row) => ({
      id: row.id,
      name: row.name,
      price: toPounds(row.price_pence),
      stock: row.stock,
    })),
    members,
    booking: booking && {
      id: booking.id,
      reference: booking.reference,
      customerName: booking.customerName,
      memberId: booking.memberId,
      lines: booking.serviceIds.map((serviceId) => ({ serviceId, memberId: booking.memberId ?? "" })),
    },
  };
}

/** The posted form as POST /api/sales's body: rows left blank are no lines; blank discount and tip are none. */
export function saleFromForm(form: FormData): CreateSaleInput {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const lines: unknown[] = [];
  for (let index = 0; form.has(`service.${index}.serviceId`); index++) {
    const serviceId = text(`service.${index}.serviceId`);
    if (serviceId) lines.push({ kind: "service", serviceId, memberId: text(`service.${index}.memberId`) });
  }
  for (let index = 0; form.has(`product.${index}.productId`); index++) {
    const productId = text(`product.${index}.productId`);
    if (productId) lines.push({ kind: "product", productId, quantity: text(`product.${index}.quantity`) || "1" });
  }
  const bookingId = text("bookingId");
  const customerName = text("customerName");
  return createSaleSchema.parse({
    ...(bookingId ? { bookingId } : {}),
    ...(customerName ? { customer: { name: customerName, email: text("customerEmail") } } : {}),
    ...(lines.length > 0 || !bookingId ? { lines } : {}),
    ...(text("discount") ? { discount: { amount: text("discount") } } : {}),
    ...(text("tipAmount") ? { tip: { amount: text("tipAmount"), memberId: text("tipMemberId") } } : {}),
  });
}
