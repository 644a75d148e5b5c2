# The game server and the built web app in one image (docker-compose.yml, docs/deploy.md).
#
#   docker build -t instant-games .
#
# Three stages: `build` installs everything and builds the web app; `runtime-deps` installs the
# production dependencies of the server's workspaces only (no client libraries, no test or
# build tools); the final image is those, the server's sources and the built app, run as the
# unprivileged `node` user with NODE_ENV=production (/api/docs and /metrics off unless switched
# on). The server runs its TypeScript through tsx, a production dependency of game-server.
# Size: see docs/deploy.md (Image).

# Node 24 LTS, the runtime the npm scripts use (the `node` dev dependency), on Debian 12 slim.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY ledger/package.json ledger/
COPY projections/package.json projections/
COPY game-server/package.json game-server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY ledger/package.json ledger/
COPY projections/package.json projections/
COPY game-server/package.json game-server/
COPY client/package.json client/
RUN npm ci --omit=dev --no-audit --no-fund --include-workspace-root=false \
      -w @igp/shared -w @igp/ledger -w @igp/projections -w @igp/game-server \
  && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json ./
COPY shared ./shared
COPY ledger ./ledger
COPY projections ./projections
COPY game-server ./game-server
COPY deploy/healthcheck.mjs ./deploy/healthcheck.mjs
COPY --from=build /app/client/dist ./client/dist
# The client's renderer, built whole for Node: the server renders the lobbies, a round's page
# and the dashboard with their data for a session (game-server/src/http/plugins/page-render.ts).
COPY --from=build /app/client/.prerender ./client/.prerender
# DATA_DIR keeps the uploads (mount a volume shared by every process at /data/uploads).
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=5s --timeout=4s --start-period=60s --retries=30 \
  CMD ["node", "deploy/healthcheck.mjs"]
# A young generation of 64 MB a semi-space: a burst of joins' short-lived objects die young
# instead of being promoted and marked (docs/deploy.md, Sizing).
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "game-server/src/main.ts"]
