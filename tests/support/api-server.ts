// The production server's boot and lifecycle without its pages (those need the build): started as a child
// process by the lifecycle tests, configured by the environment as `npm start` is.
import { createAppContext, serve } from "../../server/boot";
import { readConfig } from "../../server/config";
import { createHttpApp } from "../../server/http";

const ctx = await createAppContext(readConfig());
await serve(createHttpApp(ctx), ctx);
