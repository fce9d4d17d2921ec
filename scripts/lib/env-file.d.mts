export function loadEnvFile(): string | null;
