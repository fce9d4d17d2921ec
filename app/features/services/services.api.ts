import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, mountAdminWrites } from "~/lib/api.server";
import { serviceFormSchema, serviceSchema } from "./services.schema";
import { createService, deleteService, listServices, updateService } from "./services.server";

export function servicesApi({ db }: AppContext) {
  const router = apiRouter();

  const listed = apiDoc({
    summary: "The services, in their display order",
    responses: { 200: ["The services", z.array(serviceSchema)] },
  });
  router.get("/", listed, async (_req, res) => {
    res.json(await listServices(db));
  });

  mountAdminWrites(router, db, {
    what: "Service",
    schema: serviceFormSchema,
    item: serviceSchema,
    create: createService,
    update: updateService,
    remove: deleteService,
  });
  return router;
}
