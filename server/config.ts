import { configSchema, type Config } from "~/config.server";

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value names its variable and stops the process. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
