// The V8 flags the server runs with, wherever it is started: `npm start` (package.json), the container (Dockerfile)
// and the benchmarks' and crash tests' servers (app-server.mjs). Decision 063: a young generation of at most
// 8 MB a semi-space, so a burst of short-lived objects (a 10 MB client file imported) is collected before the
// process grows by it; `scripts/start.test.ts` checks the three places agree.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8"];
