# syntax=docker/dockerfile:1
# MapleSource's image (decision 309): the release bundle of `npm run release` on Debian with Node.js 24.
# Build: docker build -t maplesource . ; run it with compose.yaml (PostgreSQL, Redis, MinIO, the nodes, nginx).

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY . .
# The full install (build tools are development dependencies), the build, then the bundle with production ones only.
RUN npm ci && npm run build && node scripts/release.mjs /release

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /release /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node itself (exec form): the node drains for SHUTDOWN_DRAIN_MS, then closes (decision 295).
CMD ["node", "apps/server/dist/main.js"]
