# syntax=docker/dockerfile:1
# deps → build → runtime. The build compiles the client (vite) and the servers (esbuild, scripts/build-server.ts);
# the runtime runs node directly on compiled JavaScript, so a signal to the container reaches node (no npm, sh or tsx).
# Default command: the BFF (SSR, assets and the /api proxy), which without BACKEND_URL forks the embedded backend.
# The same image runs the backend alone (`node dist/server/backend.js`) or the PSP simulator
# (`node dist/server/psp-simulator.js`); see docker-compose.yml.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The workspaces' manifests (package.json `workspaces`): npm ci checks them against the lockfile.
COPY packages/client/package.json ./packages/client/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# After the build, node_modules keeps the production dependencies only: the demo seed's faker, a development
# dependency, is bundled into dist/server/seed.js (scripts/build-server.ts).
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
# GLIBC_TUNABLES: the BFF's malloc settings (two arenas; src/shared/malloc-tunables.ts says why). The BFF gives the
# backend it forks the backend's own; a container that runs only the backend (node dist/server/backend.js) sets
# GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data \
    GLIBC_TUNABLES=glibc.malloc.arena_max=2
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home /app app \
 && mkdir -p /data && chown app:app /data
# Besides the bundles, the files the servers read at run time where the repository keeps them: the SQL migrations,
# the locale catalogues and openapi.yaml (scripts/build-server.ts keeps their paths).
COPY --from=build --chown=app:app /app/package.json /app/package-lock.json ./
COPY --from=build --chown=app:app /app/node_modules ./node_modules
COPY --from=build --chown=app:app /app/dist ./dist
COPY --from=build --chown=app:app /app/mock-backend/migrations ./mock-backend/migrations
COPY --from=build --chown=app:app /app/locales ./locales
COPY --from=build --chown=app:app /app/openapi.yaml ./openapi.yaml
USER app
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server/bff.js"]
