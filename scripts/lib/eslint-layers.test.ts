import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The layer rule of eslint.config.js on snippets placed where they would live: each wrong import
 * must fail `npm run lint`, each allowed one must pass (`npm run lint` itself checks the tree).
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "boundaries/dependencies");
}

const use = (name: string) => `\nexport const used = [${name}];\n`;

describe("the layer rule", () => {
  it.each([
    [
      "a component imports a feature",
      "app/components/ui/wrong.tsx",
      'import { SERVICE_CATEGORIES } from "~/features/services/services.schema";',
      "SERVICE_CATEGORIES",
    ],
    [
      "a layout component imports a route",
      "app/components/layout/wrong.tsx",
      'import type { loader } from "~/root";',
      "null as unknown as typeof loader",
    ],
    [
      "a feature imports a route",
      "app/features/blog/components/wrong.tsx",
      'import Home from "~/routes/home";',
      "Home",
    ],
    [
      "a feature component reaches the database",
      "app/features/blog/components/wrong.tsx",
      'import { openDatabase } from "~/db/client.server";',
      "openDatabase",
    ],
    [
      "a route reaches the database",
      "app/routes/wrong.tsx",
      'import { openDatabase } from "~/db/client.server";',
      "openDatabase",
    ],
    [
      "a feature service imports server/",
      "app/features/blog/wrong.server.ts",
      'import { readConfig } from "../../../server/config";',
      "readConfig",
    ],
    [
      "the data layer imports a feature",
      "app/db/wrong.ts",
      'import { slugify } from "~/features/blog/blog.schema";',
      "slugify",
    ],
  ])("fails when %s", async (_case, filePath, line, name) => {
    expect(await layerErrors(filePath, line + use(name))).toHaveLength(1);
  });

  it.each([
    [
      "a route imports a feature service",
      "app/routes/right.tsx",
      'import { listServices } from "~/features/services/services.server";',
      "listServices",
    ],
    [
      "a feature service reaches the database",
      "app/features/blog/right.server.ts",
      'import { openDatabase } from "~/db/client.server";',
      "openDatabase",
    ],
    [
      "a feature component imports a ui component",
      "app/features/blog/components/right.tsx",
      'import { Button } from "~/components/ui/button";',
      "Button",
    ],
    [
      "boot's seed imports a feature",
      "server/seed/right.ts",
      'import { slugify } from "~/features/blog/blog.schema";',
      "slugify",
    ],
  ])("passes when %s", async (_case, filePath, line, name) => {
    expect(await layerErrors(filePath, line + use(name))).toEqual([]);
  });
});
