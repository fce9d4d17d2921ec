import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle is the whole Express app (API + pages), so production runs one built file.
  build: isSsrBuild ? { rollupOptions: { input: "./server/entry.ts" } } : undefined,
  // The icon set is 44 MB of modules of which the pages use a few dozen: bundled into the server build as into
  // the browser's, it is a build-time package and stays out of the production install (decision 025).
  ssr: { noExternal: ["lucide-react"] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
