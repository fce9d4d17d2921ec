import SwaggerParser from "@apidevtools/swagger-parser";
import { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDoc } from "~/lib/api-docs.server";
import { expectDocumented } from "../../tests/support/api-contract";
import { startTestApi, type TestApi } from "../../tests/support/test-app";
import { createApi } from "../http";
import { ResponseCache } from "../response-cache";
import { mountedRoutes, openApiPath, type MountedRoute } from "./openapi";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("the OpenAPI document", () => {
  it("is public, valid OpenAPI 3.1 and describes itself", async () => {
    const response = await api.anonymous().get("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\.1\./);
    await SwaggerParser.validate(structuredClone(response.body));
    await expectDocumented(response);
  });

  it("documents every route the API mounts, with the method and path Express routes", async () => {
    const { body: document } = await api.anonymous().get("/api/openapi.json");
    // As production mounts it: the response cache adds its own layer in front of the public lists.
    const routes = mountedRoutes(createApi(api.ctx, new ResponseCache(api.db)), "/api");
    expect(routes.length).toBeGreaterThan(30);
    const call = (route: MountedRoute) => `${route.method} ${openApiPath(route.path)}`;
    const documented = new Set(routes.filter((route) => route.doc).map(call));
    expect(routes.map(call).filter((mounted) => !documented.has(mounted))).toEqual([]);
    const listed = Object.entries(document.paths as Record<string, object>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(listed.sort()).toEqual([...documented].sort());
    // OpenAPI counts /a/{id} and /a/{slotId} as one path: a router must name a position's parameter alike.
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{\w+\}/g, "{}"));
    expect(shapes).toEqual([...new Set(shapes)]);
  });

  it("finds a route without documentation, however deeply it is mounted", () => {
    const inner = Router();
    inner.get("/:id", apiDoc({ summary: "Documented", responses: { 200: ["Yes"] } }), (_req, res) => res.end());
    inner.post("/:id/forgotten", (_req, res) => res.end());
    const outer = Router();
    outer.use("/things", inner);
    expect(mountedRoutes(outer, "/api").map((route) => [route.method, route.path, Boolean(route.doc)])).toEqual([
      ["get", "/api/things/:id", true],
      ["post", "/api/things/:id/forgotten", false],
    ]);
  });

  it("marks admin-only calls with the session cookie and their 401 and 403 answers", async () => {
    const { body: document } = await api.anonymous().get("/api/openapi.json");
    const upload = document.paths["/api/media"].post;
    expect(upload.security).toEqual([{ session: [] }]);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "413"]));
    expect(upload.requestBody.content).toHaveProperty("multipart/form-data");
    expect(document.paths["/api/services"].get.security).toBeUndefined();
  });
});
