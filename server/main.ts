import { loadUser } from "./load-user";
import { auditAdminWrites, describeAdminPageRequest } from "./audit";
import { createAppContext, serve } from "./boot";
import { ConfigError, readConfig } from "./config";
import { createHttpApp } from "./http";
import { createPagesHandler } from "./pages";

/* Development server: the API runs from source, pages come from Vite with hot reload. */

async function main() {
  const config = readConfig({ NODE_ENV: "development", ...process.env });
  const ctx = await createAppContext(config);
  const vite = await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));
  const app = createHttpApp(ctx, {
    development: true,
    pages: [
      vite.middlewares,
      loadUser(ctx),
      auditAdminWrites(ctx, describeAdminPageRequest),
      createPagesHandler(ctx, () => vite.ssrLoadModule("virtual:react-router/server-build") as never),
    ],
  });
  await serve(app, ctx);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
