import type { AppContext } from "~/context";
import { apiRouter } from "~/lib/api.server";
import { getBarber, listBarbers } from "./barbers.server";

/** Read-only: the directory is kept current by `npm run barbers:import`. */
export function barbersApi({ db }: AppContext) {
  const router = apiRouter();

  router.get("/", async (req, res) => {
    const q = typeof req.query.q === "string" ? req.query.q : undefined;
    res.json(await listBarbers(db, { q }));
  });

  router.get("/:slug", async (req, res) => {
    res.json(await getBarber(db, req.params.slug));
  });

  return router;
}
