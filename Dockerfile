# syntax=docker/dockerfile:1
# The site as one image: `docker build -t oldham-barbers .`, or `docker compose up` with compose.yaml.
# scripts/dockerfile-check.mjs runs this file's RUN steps outside Docker in CI, so keep them plain shell.

ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Every dependency, the build tools included, exactly as locked.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# Down to what the built server imports (decision 025). Without --legacy-peer-deps npm keeps TypeScript (23 MB),
# an optional peer of @react-router/node that the built server never loads. better-sqlite3 ships its C sources
# (to compile where no prebuilt addon fits) and a prebuilt addon for every platform: the image keeps its own.
RUN npm prune --omit=dev --legacy-peer-deps --no-audit --no-fund \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
 && find node_modules/better-sqlite3/prebuilds -name "*.node" ! -name "$(node -p 'process.platform + "-" + process.arch').node" -delete
# The data folder, so the volume mounted on it belongs to the unprivileged user that runs the site.
RUN mkdir -p /data

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/scripts/start.mjs ./scripts/
COPY --from=build /app/scripts/lib/env-file.mjs ./scripts/lib/
COPY --from=build /app/server/seed/art ./server/seed/art
COPY --from=build --chown=node:node /data /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself, not npm, is the main process, so `docker stop`'s SIGTERM reaches the server's graceful shutdown.
# The server's V8 flags, as `npm start` gives them (scripts/lib/server-node-flags.mjs, decision 063).
CMD ["node", "--max-semi-space-size=8", "scripts/start.mjs"]
