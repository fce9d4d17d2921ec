import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // The tests wait on databases and sockets more than they compute: one worker per CPU (at least two) ran the
    // customers, payments and account tests in 61 s against 102 s with Vitest's default of CPUs − 1 on 2 CPUs.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Each worker loads the app's modules once for all its files instead of once a file: the whole suite took
    // 160 s against 350 s on 2 CPUs. Every file opens its own database and app, so nothing but the module
    // cache is shared; a file that changes the process (TZ, fake timers) puts it back (decision 037).
    isolate: false,
    setupFiles: ["tests/support/vitest-setup.ts"],
    // React Router's Vite plugin rewrites its route types (.react-router/types) whenever a dev server starts; the
    // test files of two workers each start one, and their rewrites of that folder can collide (ENOTEMPTY, an
    // unhandled rejection that failed a run whose tests all passed). The tests read none of those types.
    onUnhandledError: (error) => !String(error.message ?? "").includes(".react-router/types"),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
