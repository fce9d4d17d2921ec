import js from "@eslint/js";
import { fileURLToPath } from "node:url";
import boundaries from "eslint-plugin-boundaries";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import featureEntries from "./scripts/lib/eslint-feature-entries.js";

/*
 * The layers of docs/architecture.md (see docs/decisions/013-checked-html-and-enforced-layers.md): ui (components, the
 * browser parts of lib) → features → routes, never upwards; only `*.server.ts` modules reach app/db; nothing
 * under app/ imports server/. Boot (with the demo seed in server/seed), scripts and tests sit above everything and may import all of it.
 * The first element whose pattern matches a file names its layer, so the narrow patterns come first.
 */
const LAYERS = [
  { type: "test", pattern: ["app/**/*.test.ts", "app/**/*.testing.ts"] },
  { type: "db", pattern: "app/db/**" },
  // A feature's pure deciding rules (decision 050): matched before the feature, policed by the block at the end.
  { type: "rules", pattern: "app/features/*/rules/**" },
  { type: "feature-server", pattern: ["app/features/**/*.server.ts", "app/features/**/*.api.ts"] },
  { type: "feature", pattern: "app/features/**" },
  { type: "route", pattern: ["app/routes/**", "app/root.tsx", "app/routes.ts", "app/entry.server.tsx"] },
  // The header, footer and page frame: rendered by the root route, they show the shop's facts (the settings
  // feature), so they sit between the features and the routes.
  { type: "shell", pattern: "app/components/layout/**" },
  { type: "ui-server", pattern: "app/lib/**/*.server.ts" },
  { type: "ui", pattern: ["app/components/**", "app/lib/**"] },
  // The types every layer shares: the load context (which names the Db type) and the configuration.
  { type: "app-context", pattern: ["app/context.ts", "app/config.server.ts"] },
  { type: "boot", pattern: ["server/**", "scripts/**", "tests/**"] },
].map((layer) => ({ ...layer, mode: "full" }));

const IMPORT_RESOLVER = { [fileURLToPath(new URL("scripts/lib/eslint-alias-resolver.cjs", import.meta.url))]: {} };

const layers = (...types) => ({ to: { element: { types: { anyOf: types } } } });

/** What each layer must not import; anything not listed is allowed. */
const LAYER_POLICIES = [
  { from: { element: { type: "ui" } }, disallow: layers("db", "feature", "feature-server", "shell", "route", "boot") },
  { from: { element: { type: "ui-server" } }, disallow: layers("feature", "feature-server", "route", "boot") },
  { from: { element: { type: "feature" } }, disallow: layers("db", "shell", "route", "boot") },
  { from: { element: { type: "feature-server" } }, disallow: layers("shell", "route", "boot") },
  { from: { element: { type: "shell" } }, disallow: layers("db", "feature-server", "route", "boot") },
  { from: { element: { type: "route" } }, disallow: layers("db", "boot") },
  { from: { element: { type: "db" } }, disallow: layers("feature", "feature-server", "route", "ui", "boot") },
  // The load context names the types of what it carries (settings, storage), nothing more.
  { from: { element: { type: "app-context" } }, disallow: layers("shell", "route", "boot") },
].map((policy) => ({
  ...policy,
  message: "This import runs against the layers of docs/architecture.md (see eslint.config.js).",
}));

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "data/",
      "lighthouse/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // The one exception: a feature's public entry, ~/features/<f> or ~/features/<f>/index.server (decision 051).
              group: ["**/index", "**/index.*", "!~/features/*/index.server"],
              message: "No barrel files: import the module itself (a feature's entry is ~/features/<f>).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.{ts,mjs}", "tests/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": IMPORT_RESOLVER,
      "boundaries/elements": LAYERS,
      // Our layers are sets of files (`*.server.ts`, root.tsx), not only folders: the patterns mean files on purpose.
      "boundaries/legacy-warnings": false,
    },
    rules: { "boundaries/dependencies": ["error", { default: "allow", policies: LAYER_POLICIES }] },
  },
  // ---------------------------------------------------------------- the rules layer (decision 050)
  {
    // A feature's rules/ are pure functions: no database, no server module, no I/O, no clock but one passed in.
    // They import only other rules, browser-safe schemas, date-fns, @date-fns/tz, zod, the pure time and money
    // helpers of app/lib and the settings' pure week-of-hours rules (opening-hours); everything else is an error.
    files: ["app/features/*/rules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: [
            {
              from: { element: { type: "rules" } },
              disallow: layers("db", "feature-server", "ui-server", "app-context", "shell", "route", "boot"),
              message: "A rules file is pure: it may not import the database, a server module or the app's context.",
            },
          ],
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^(?!(date-fns|@date-fns/tz|zod)(/.*)?$|\\./[^/]+$|\\.\\./[^/]+\\.schema$|~/features/[^/]+/rules/|~/features/[^/]+/[^/]+\\.schema$|~/features/settings/opening-hours$|~/lib/(shop-time|money)$)",
              message:
                "A rules file imports only rules, *.schema.ts, date-fns, @date-fns/tz, zod, ~/lib/shop-time or money and settings/opening-hours (decision 050).",
            },
            { group: ["**/index", "**/index.ts"], message: "No barrel files: import the module itself." },
          ],
        },
      ],
    },
  },
  {
    // Dependencies run one way (decision 051): no import cycle, and a feature reaches another only through its
    // public entry (app/features/<f>/index.ts, index.server.ts), so the cycle rule sees the features' own graph.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { "import-x": importX, "feature-entries": featureEntries },
    settings: {
      "import-x/resolver": IMPORT_RESOLVER,
      // Without these the cycle rule reads no TypeScript module and so finds no cycle.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "feature-entries/through-entry": "error",
      "feature-entries/re-exports-only-in-entries": "error",
    },
  },
  {
    // ESLint's import resolvers are loaded with require().
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["tests/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
