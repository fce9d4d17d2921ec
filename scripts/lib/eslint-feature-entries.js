import path from "node:path";

/*
 * A feature's public entry (decision 051): `app/features/<f>/index.ts` (browser-safe: schemas, components, pure
 * rules) and `index.server.ts` (its server functions). Another feature imports it only through one of these, so
 * what a feature offers is listed in one place and `import-x/no-cycle` sees the features' own graph. Routes,
 * `server/`, scripts and tests compose the features and may import any of their modules. Every folder under
 * app/features/ is a feature, so a new one is covered without a change here.
 */

const appDir = path.resolve(import.meta.dirname, "../../app");
const featuresDir = path.join(appDir, "features");
const ENTRY = /^index(\.server)?(\.tsx?)?$/;

/** The feature a file belongs to and the path inside it, or null outside app/features/. */
function featureOf(file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [feature, ...rest] = relative.split(path.sep);
  return rest.length === 0 ? null : { feature, inside: rest.join("/") };
}

function target(source, file) {
  if (source.startsWith("~/")) return path.join(appDir, source.slice(2));
  if (source.startsWith(".")) return path.resolve(path.dirname(file), source);
  return null;
}

const isTest = (file) => /\.(test|testing)\.tsx?$/.test(file);
// A pure rules layer (decision 050) names each module it may import, stricter than an entry (which also lists components).
const isRules = (inside) => inside.startsWith("rules/");

const throughEntry = {
  meta: {
    type: "problem",
    docs: {
      description: "A feature imports another feature only through its public entry (index.ts, index.server.ts)",
    },
    schema: [],
    messages: {
      deep: 'Import the "{{feature}}" feature through its entry: "~/features/{{feature}}" (browser-safe) or "~/features/{{feature}}/index.server" (decision 051).',
    },
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from || isTest(context.filename) || isRules(from.inside)) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const resolved = target(node.source.value, context.filename);
      const to = resolved && featureOf(resolved);
      if (!to || to.feature === from.feature || ENTRY.test(to.inside)) return;
      context.report({ node: node.source, messageId: "deep", data: { feature: to.feature } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const reExportsOnlyInEntries = {
  meta: {
    type: "problem",
    docs: { description: "No re-export files beyond a feature's public entry" },
    schema: [],
    messages: {
      reExport:
        "Only a feature's entry (app/features/<f>/index.ts, index.server.ts) re-exports: import the module itself.",
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (own && !own.inside.includes("/") && ENTRY.test(own.inside)) return {};
    const check = (node) => {
      if (node.source) context.report({ node, messageId: "reExport" });
    };
    return { ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { "through-entry": throughEntry, "re-exports-only-in-entries": reExportsOnlyInEntries } };
