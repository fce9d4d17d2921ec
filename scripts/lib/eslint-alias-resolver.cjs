// The import resolver eslint-plugin-boundaries needs to see where `~/…` imports lead (tsconfig's path alias
// for app/); everything else resolves as Node does, with the TypeScript extensions.
const path = require("node:path");
const nodeResolver = require("eslint-import-resolver-node");

const appDir = path.resolve(__dirname, "../../app");
const extensions = [".ts", ".tsx", ".mjs", ".js", ".d.ts"];

module.exports = {
  interfaceVersion: 2,
  resolve(source, file) {
    const target = source.startsWith("~/") ? path.join(appDir, source.slice(2)) : source;
    return nodeResolver.resolve(target, file, { extensions });
  },
};
