import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, mountAdminWrites } from "~/lib/api.server";
import { faqFormSchema, faqSchema } from "./faqs.schema";
import { createFaq, deleteFaq, listFaqs, updateFaq } from "./faqs.server";

export function faqsApi({ db }: AppContext) {
  const router = apiRouter();

  const listed = apiDoc({
    summary: "The questions and answers, in their display order",
    responses: { 200: ["The FAQs", z.array(faqSchema)] },
  });
  router.get("/", listed, async (_req, res) => {
    res.json(await listFaqs(db));
  });

  mountAdminWrites(router, db, {
    what: "FAQ",
    schema: faqFormSchema,
    item: faqSchema,
    create: createFaq,
    update: updateFaq,
    remove: deleteFaq,
  });
  return router;
}
