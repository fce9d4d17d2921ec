import type { AppContext } from "~/context";
import { apiRouter, mountAdminWrites } from "~/lib/api.server";
import { faqFormSchema } from "./faqs.schema";
import { createFaq, deleteFaq, listFaqs, updateFaq } from "./faqs.server";

export function faqsApi({ db }: AppContext) {
  const router = apiRouter();

  router.get("/", async (_req, res) => {
    res.json(await listFaqs(db));
  });

  mountAdminWrites(router, db, {
    what: "FAQ",
    schema: faqFormSchema,
    create: createFaq,
    update: updateFaq,
    remove: deleteFaq,
  });
  return router;
}
