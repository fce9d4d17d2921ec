import type { RequestContext, SessionUser } from "~/context";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { loadBooking } from "~/features/booking/index.server";
import { customerIdFor } from "~/features/customer-identity/index.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { scheduleReviewRequest } from "~/features/reviews/index.server";
import { bookingFeePence } from "~/features/settings";
import { clockNow } from "~/lib/clock";
import { badRequest, conflict, notFound } from "~/lib/http-error";
import { toPence } from "~/lib/money";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import { queueSaleMail } from "./sale-mail.server";
import { findSaleRow, loadSale } from "./sale-view.server";
import { saleNumber, type CreateSaleInput, type SaleLineInput } from "./till.schema";

/*
 * Sales (issue 31, decision 056). A sale is numbered by the counter row, incremented in the transaction that
 * inserts it: a sale that fails rolls its number back with it, so numbers have no gaps and are never given twice,
 * across instances. Stock is taken when the sale is made (a guarded update: two sales of the last one, one wins)
 * and given back when it is voided or refunded.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;

interface PricedLine {
  kind: SaleLineInput["kind"];
  serviceId: number | null;
  productId: number | null;
  memberId: number | null;
  description: string;
  unitPence: number;
  quantity: number;
}

const dayClosedMessage = (date: string) =>
  `The till for ${formatShopDate(date)} is closed (cashed up): nothing more can be taken or refunded on that day.`;

/** Refuses (409) a write dated on a day already cashed up. Pass the transaction. */
export async function requireDayOpen(db: Db, date: string) {
  const closed = await db.selectFrom("till_days").select("date").where("date", "=", date).executeTakeFirst();
  if (closed) throw conflict(dayClosedMessage(date));
}

/** The booking's services with its barber, at the prices booked; the booking's fee rides on its first line. */
async function bookingLines(db: Db, bookingId: number, memberId: number | null, feePence: number) {
  const services = await db
    .selectFrom("booking_services")
    .select(["service_id", "title", "price_pence"])
    .where("booking_id", "=", bookingId)
    .orderBy("position")
    .execute();
  return services.map((service, index): PricedLine => ({
    kind: "service",
    serviceId: service.service_id,
    productId: null,
    memberId,
    description: service.title,
    unitPence: service.price_pence + (index === 0 ? feePence : 0),
    quantity: 1,
  }));
}

/** Each line at its all-in price (a service with the booking fee the shop adds), or the price given for it. */
async function priceLines(db: Db, lines: SaleLineInput[], feePence: number): Promise<PricedLine[]> {
  const serviceIds = lines.flatMap((line) => (line.kind === "service" ? [line.serviceId] : []));
  const productIds = lines.flatMap((line) => (line.kind === "product" ? [line.productId] : []));
  const memberIds = lines.flatMap((line) => (line.memberId ? [line.memberId] : []));
  const [services, products, members] = await Promise.all([
    serviceIds.length
      ? db.selectFrom("services").select(["id", "title", "price_pence"]).where("id", "in", serviceIds).execute()
      : [],
    productIds.length
      ? db.selectFrom("products").select(["id", "name", "price_pence"]).where("id", "in", productIds).execute()
      : [],
    memberIds.length ? db.selectFrom("team_members").select("id").where("id", "in", memberIds).execute() : [],
  ]);
  for (const id of memberIds) {
    if (!members.some((member) => member.id === id)) throw badRequest(`Barber ${id} does not exist.`);
  }
  return lines.map((line): PricedLine => {
    if (line.kind === "service") {
      const service = services.find((row) => row.id === line.serviceId);
      if (!service) throw badRequest(`Service ${line.serviceId} does not exist.`);
      const unitPence = line.price === undefined ? service.price_pence + feePence : toPence(line.price);
      return {
        kind: "service",
        serviceId: service.id,
        productId: null,
        memberId: line.memberId,
        description: service.title,
        unitPence,
        quantity: 1,
      };
    }
    if (line.kind === "product") {
      const product = products.find((row) => row.id === line.productId);
      if (!product) throw badRequest(`Product ${line.productId} does not exist.`);
      const unitPence = line.price === undefined ? product.price_pence : toPence(line.price);
      return {
        kind: "product",
        serviceId: null,
        productId: product.id,
        memberId: line.memberId ?? null,
        description: product.name,
        unitPence,
        quantity: line.quantity,
      };
    }
    return {
      kind: "custom",
      serviceId: null,
      productId: null,
      memberId: line.memberId ?? null,
      description: line.description,
      unitPence: toPence(line.amount),
      quantity: 1,
    };
  });
}

/**
 * A product line nobody was named for is the sale's barber's (the booking's, else the first line's that has one,
 * else the tip's), so the books count it in that barber's products and pay (decision 054).
 */
function creditProducts(lines: PricedLine[], bookingBarber: number | null, tipBarber: number | null) {
  const barber = bookingBarber ?? lines.find((line) => line.memberId !== null)?.memberId ?? tipBarber;
  for (const line of lines) if (line.kind === "product" && line.memberId === null) line.memberId = barber;
}

/** Takes each product line's quantity off its stock (a counted product only); 409 naming what is left. */
async function takeStock(db: Db, lines: PricedLine[]) {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (line.productId !== null) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  }
  for (const [productId, quantity] of wanted) {
    const taken = await db
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "-", quantity) }))
      .where("id", "=", productId)
      .where("stock", ">=", quantity)
      .executeTakeFirst();
    if (taken.numUpdatedRows > 0n) continue;
    const product = await db
      .selectFrom("products")
      .select(["name", "stock"])
      .where("id", "=", productId)
      .executeTakeFirst();
    if (product && product.stock !== null) {
      throw conflict(`Only ${product.stock} of ${product.name} left in stock (asked for ${quantity}).`);
    }
  }
}

/** Puts quantities of products back on the shelf (stock counted only). */
export async function returnStock(db: Db, items: { productId: number | null; quantity: number }[]) {
  for (const item of items) {
    if (item.productId === null || item.quantity <= 0) continue;
    await db
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "+", item.quantity) }))
      .where("id", "=", item.productId)
      .where("stock", "is not", null)
      .execute();
  }
}

/** What the booking's deposit or prepayment paid online and is not refunded: it counts towards its sale. */
async function paidOnline(db: Db, bookingId: number) {
  const payment = await db
    .selectFrom("booking_payments")
    .select(["paid_pence", "refund_claimed_pence"])
    .where("booking_id", "=", bookingId)
    .where("kind", "in", ["deposit", "prepayment"])
    .where("status", "=", "paid")
    .executeTakeFirst();
  return payment ? Math.max(0, payment.paid_pence - payment.refund_claimed_pence) : 0;
}

async function liveSaleOfBooking(db: Db, bookingId: number) {
  return db
    .selectFrom("sales")
    .select("number")
    .where("booking_id", "=", bookingId)
    .where("status", "<>", "voided")
    .executeTakeFirst();
}

const alreadySoldMessage = (reference: string, number: number) =>
  `Booking ${reference} already has sale ${saleNumber(number)}: open it, or void it first.`;

/** POST /api/sales: a sale, from a booking (its services, barber, customer and online payment) or from scratch. */
export async function createSale(ctx: Ctx, input: CreateSaleInput, user: SessionUser | null, now: Date = clockNow()) {
  const settings = await ctx.settings();
  const feePence = bookingFeePence(settings);
  const booking = input.bookingId === undefined ? undefined : await loadBooking(ctx.db, { id: input.bookingId });
  if (input.bookingId !== undefined && !booking) throw notFound("Booking");
  if (booking && booking.status !== "confirmed") throw conflict("Only a confirmed booking can be checked out.");
  const lines = input.lines
    ? await priceLines(ctx.db, input.lines, feePence)
    : booking
      ? await bookingLines(ctx.db, booking.id, booking.memberId, booking.feePence)
      : [];
  if (lines.length === 0) throw badRequest("A sale needs at least one line.");
  creditProducts(lines, booking?.memberId ?? null, input.tip?.memberId ?? null);
  const subtotal = lines.reduce((sum, line) => sum + line.unitPence * line.quantity, 0);
  const discount = input.discount
    ? "amount" in input.discount
      ? toPence(input.discount.amount)
      : Math.round((subtotal * input.discount.percent) / 100)
    : 0;
  if (discount > subtotal) throw badRequest("The discount cannot be more than the lines come to.");
  const tip = input.tip ? toPence(input.tip.amount) : 0;
  if (
    input.tip &&
    !(await ctx.db.selectFrom("team_members").select("id").where("id", "=", input.tip.memberId).executeTakeFirst())
  ) {
    throw badRequest(`Barber ${input.tip.memberId} does not exist.`);
  }
  const total = subtotal - discount + tip;
  const date = shopToday(now);
  const online = booking ? Math.min(total, await paidOnline(ctx.db, booking.id)) : 0;
  if (booking) {
    const earlier = await liveSaleOfBooking(ctx.db, booking.id);
    if (earlier) throw conflict(alreadySoldMessage(booking.reference, earlier.number));
  }
  let saleId: number;
  try {
    saleId = await ctx.db.transaction().execute(async (trx) => {
      await requireDayOpen(trx, date);
      const counter = await trx
        .updateTable("sale_counters")
        .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
        .where("id", "=", 1)
        .returning("last_number")
        .executeTakeFirstOrThrow();
      const customerId = booking
        ? ((await trx.selectFrom("bookings").select("customer_id").where("id", "=", booking.id).executeTakeFirst())
            ?.customer_id ?? null)
        : input.customer
          ? await customerIdFor(
              trx,
              {
                customerName: input.customer.name,
                customerEmail: input.customer.email,
                customerPhone: input.customer.phone,
              },
              "till",
              now,
            )
          : null;
      const paid = online >= total;
      const { id } = await trx
        .insertInto("sales")
        .values({
          number: counter.last_number,
          status: paid ? "paid" : "open",
          booking_id: booking?.id ?? null,
          customer_id: customerId,
          date,
          subtotal_pence: subtotal,
          discount_pence: discount,
          discount_percent: input.discount && "percent" in input.discount ? input.discount.percent : null,
          tip_pence: tip,
          tip_member_id: input.tip?.memberId ?? null,
          total_pence: total,
          online_pence: online,
          paid_pence: online,
          created_by: user?.id ?? null,
          created_at: now.toISOString(),
          paid_at: paid ? now.toISOString() : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("sale_lines")
        .values(
          lines.map((line, position) => ({
            sale_id: id,
            position,
            kind: line.kind,
            service_id: line.serviceId,
            product_id: line.productId,
            member_id: line.memberId,
            description: line.description,
            unit_pence: line.unitPence,
            quantity: line.quantity,
            total_pence: line.unitPence * line.quantity,
          })),
        )
        .execute();
      await takeStock(trx, lines);
      if (booking) {
        await trx.updateTable("bookings").set({ attendance: "attended" }).where("id", "=", booking.id).execute();
        await scheduleReviewRequest(
          trx,
          settings,
          { id: booking.id, date: booking.date, endTime: booking.endTime },
          "attended",
          now,
        );
      }
      if (paid) await queueSaleMail(trx, { kind: "receipt", saleId: id }, now);
      return id;
    });
  } catch (error) {
    // Another checkout of the same booking got in first: the partial unique index refused this one.
    if (booking && isUniqueViolation(error)) {
      const earlier = await liveSaleOfBooking(ctx.db, booking.id);
      if (earlier) throw conflict(alreadySoldMessage(booking.reference, earlier.number));
    }
    throw error;
  }
  nudgeJobWorkers();
  return loadSale(ctx.db, saleId);
}

/** POST /api/sales/{id}/void: an open sale nothing was paid on; its products go back on the shelf. */
export async function voidSale(ctx: Ctx, id: number, now: Date = clockNow()) {
  const sale = await findSaleRow(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    await requireDayOpen(trx, sale.date);
    const voided = await trx
      .updateTable("sales")
      .set({ status: "voided", voided_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "=", "open")
      .where("paid_pence", "=", 0)
      .where("reserved_pence", "=", 0)
      .executeTakeFirst();
    if (voided.numUpdatedRows === 0n) {
      throw conflict(
        sale.status === "voided"
          ? `Sale ${saleNumber(sale.number)} is already voided.`
          : `Sale ${saleNumber(sale.number)} has payments: refund it instead of voiding it.`,
      );
    }
    const lines = await trx
      .selectFrom("sale_lines")
      .select(["product_id", "quantity"])
      .where("sale_id", "=", id)
      .execute();
    await returnStock(
      trx,
      lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    );
  });
  return loadSale(ctx.db, id);
}
