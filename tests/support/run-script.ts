import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

export const repositoryRoot = path.resolve(import.meta.dirname, "../..");

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of scripts/*.ts as `npm run` would, in `cwd` (where it looks for `.env`), with the
 * database settings of this shell removed so only `env` and `.env` decide where it works.
 */
export async function runScriptProcess(
  script: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<ScriptRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  for (const name of ["DATA_DIR", "DATABASE_URL"]) if (!options.env?.[name]) delete env[name];
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(repositoryRoot, "node_modules/.bin/tsx"),
      ["--tsconfig", path.join(repositoryRoot, "tsconfig.json"), path.join(repositoryRoot, "scripts", script), ...args],
      { cwd: options.cwd ?? repositoryRoot, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
