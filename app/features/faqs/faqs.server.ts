import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { notFound } from "~/lib/http-error";
import { FAQ_CATEGORIES, type Faq, type FaqCategory, type FaqFormValues } from "./faqs.schema";

const toFaq = (row: Row<"faqs">): Faq => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  category: row.category as FaqCategory,
  order: row.sort_order,
});

const toColumns = (input: FaqFormValues) => ({
  question: input.question,
  answer: input.answer,
  category: input.category,
  sort_order: input.order,
});

const categoryRank = (category: string) => {
  const rank = FAQ_CATEGORIES.indexOf(category as FaqCategory);
  return rank === -1 ? FAQ_CATEGORIES.length : rank;
};

/** Grouped as the FAQ page shows them: the spec's category order, then each FAQ's order, then age. */
export async function listFaqs(db: Db): Promise<Faq[]> {
  const rows = await db.selectFrom("faqs").selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map(toFaq).sort((a, b) => categoryRank(a.category) - categoryRank(b.category));
}

export async function createFaq(db: Db, input: FaqFormValues): Promise<Faq> {
  const row = await db.insertInto("faqs").values(toColumns(input)).returningAll().executeTakeFirstOrThrow();
  return toFaq(row);
}

export async function updateFaq(db: Db, id: number, input: FaqFormValues): Promise<Faq> {
  const row = await db.updateTable("faqs").set(toColumns(input)).where("id", "=", id).returningAll().executeTakeFirst();
  if (!row) throw notFound("FAQ");
  return toFaq(row);
}

export async function deleteFaq(db: Db, id: number): Promise<void> {
  const result = await db.deleteFrom("faqs").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound("FAQ");
}
