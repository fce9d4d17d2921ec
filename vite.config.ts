import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import packageJson from "./package.json";

const appDir = `${import.meta.dirname}/app/`;
const isOwnScript = (id: string) => id.startsWith(appDir) && /\.tsx?$/.test(id);

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server bundle is the whole Express app (API + pages), so production runs one built file.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/entry.ts" } }
    : // A feature's public entry re-exports its schemas and admin components; a page that takes one small part
      // of it must not ship the rest (zod, dialogs). The app's own modules run nothing when imported (no bare
      // imports, no registration at load), so the browser bundle may drop whatever a page does not use.
      { rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !isOwnScript(id) } } },
  // The server build imports at run time exactly the packages in `dependencies` (native addons, the framework,
  // drivers, the Stripe client); every other package the pages use — icons, UI primitives, form helpers, date
  // formatting — is bundled into it as into the browser's, so it stays a build-time package and out of the
  // production install (decisions 025, 035). Development and the tests' SSR loader have every package installed
  // and keep decision 025's setting (the icon set through Vite rather than Node's loader).
  ssr:
    command === "build"
      ? { noExternal: true, external: Object.keys(packageJson.dependencies) }
      : { noExternal: ["lucide-react"] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
