# syntax=docker/dockerfile:1
# PermitDesk in one image: the API server (built to JavaScript, one `node` process), the dashboard, the
# widget and the examples served by it from the same origin. Multi-stage: build with dev dependencies,
# run with production dependencies only, as a non-root user.
#   docker build -t permitdesk .
#   docker compose up          (PostgreSQL, MinIO as S3, Mailpit as SMTP: see compose.yaml)
# The same steps run without Docker in scripts/docker-steps.mjs (tested), since CI cannot run containers.

ARG NODE_VERSION=20.20
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV CI=true npm_config_update_notifier=false
# The pinned pnpm (package.json "packageManager") through corepack-free npx, as scripts/pnpm.mjs does.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY scripts/pnpm.mjs scripts/pnpm.mjs
COPY packages/core/package.json packages/core/package.json
COPY packages/widget/package.json packages/widget/package.json
COPY packages/dashboard/package.json packages/dashboard/package.json
COPY packages/server/package.json packages/server/package.json
COPY storybook/package.json storybook/package.json
RUN node scripts/pnpm.mjs install --frozen-lockfile
COPY . .
# Libraries (core, widget), the dashboard, then the server to JavaScript (packages/server/dist).
RUN node scripts/pnpm.mjs run build && node scripts/pnpm.mjs run build:server
# Production dependencies only, in a folder of their own.
RUN node scripts/pnpm.mjs --filter @permitdesk/server --prod deploy --legacy /deploy \
 && cp -r packages/server/dist /deploy/dist \
 && mkdir -p /deploy/core && cp -r packages/core/package.json packages/core/dist /deploy/core/

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# Same layout as the repository, so the server finds its migrations, policies and the static folders.
COPY --from=build /deploy packages/server
COPY --from=build /deploy/core packages/server/node_modules/@permitdesk/core
COPY --from=build /app/packages/server/migrations packages/server/migrations
COPY --from=build /app/packages/server/policies packages/server/policies
COPY --from=build /app/packages/dashboard/dist packages/dashboard/dist
COPY --from=build /app/packages/widget/dist packages/widget/dist
COPY --from=build /app/examples examples
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# The readiness probe: database reachable, migrations applied, gazetteer warm.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# One node process (no npm/pnpm/tsx wrappers): SIGTERM reaches the server, which drains (SHUTDOWN_DRAIN_MS).
# Heap options as in package.json start:prod (issue 17): small young generation, old generation capped at 1 GB.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--max-old-space-size=1024", "--max-semi-space-size=4", "packages/server/dist/main.js"]
