import type { AppContext } from "~/context";
import { apiRouter, mountAdminWrites } from "~/lib/api.server";
import { serviceFormSchema } from "./services.schema";
import { createService, deleteService, listServices, updateService } from "./services.server";

export function servicesApi({ db }: AppContext) {
  const router = apiRouter();

  router.get("/", async (_req, res) => {
    res.json(await listServices(db));
  });

  mountAdminWrites(router, db, {
    what: "Service",
    schema: serviceFormSchema,
    create: createService,
    update: updateService,
    remove: deleteService,
  });
  return router;
}
