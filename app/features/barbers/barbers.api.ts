import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, parseInput } from "~/lib/api.server";
import { barberSchema, barberSearchQuerySchema, barberSummarySchema } from "./barbers.schema";
import { getBarber, listBarbers } from "./barbers.server";

/** Read-only: the directory is kept current by `npm run barbers:import`. */
export function barbersApi({ db }: AppContext) {
  const router = apiRouter();

  const search = apiDoc({
    summary: "The barbers of the directory, optionally matching a search",
    query: barberSearchQuerySchema,
    responses: { 200: ["Each barber's slug and name", z.array(barberSummarySchema)] },
  });
  router.get("/", search, async (req, res) => {
    res.json(await listBarbers(db, parseInput(barberSearchQuerySchema, req.query)));
  });

  const bySlug = apiDoc({ summary: "One barber by slug", responses: { 200: ["The barber", barberSchema] } });
  router.get("/:slug", bySlug, async (req, res) => {
    res.json(await getBarber(db, req.params.slug));
  });

  return router;
}
