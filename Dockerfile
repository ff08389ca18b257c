# syntax=docker/dockerfile:1
# deps → build → runtime. The runtime runs the BFF (which serves SSR, assets and the /api proxy);
# without BACKEND_URL it also starts the embedded TypeScript backend.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home /app app \
 && mkdir -p /data && chown app:app /data
# tsconfig.json is read by tsx at run time (react-jsx transform for the SSR of src/client).
COPY --from=build --chown=app:app /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build --chown=app:app /app/node_modules ./node_modules
COPY --from=build --chown=app:app /app/dist ./dist
COPY --from=build --chown=app:app /app/src ./src
COPY --from=build --chown=app:app /app/mock-backend ./mock-backend
COPY --from=build --chown=app:app /app/locales ./locales
COPY --from=build --chown=app:app /app/openapi.yaml ./openapi.yaml
USER app
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "src/bff/main.ts"]
