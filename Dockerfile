# syntax=docker/dockerfile:1
#
# The platform's image: the player site, the back office and the API server on one port.
#
#   docker build -t wps .                                  # Node 24 LTS
#   docker build --build-arg NODE_VERSION=26 -t wps .      # another Node line, once `npm test` has run on it
#   docker compose up --build                              # PostgreSQL, two instances, Caddy (compose.yaml)
#
# CI has no container engine, so scripts/deploy-check.mjs (a step of `npm test`) reads this file
# and carries out its instructions in a scratch directory standing for /app: the context less
# .dockerignore, the build stage's COPY and RUN lines in order, the runtime stage's COPY --from
# lines, then its CMD with its ENV on a scratch database until /readyz, a page and an API call
# answer. KEEP THE TWO IN STEP: it understands FROM … AS, ARG, ENV, WORKDIR /app, COPY, RUN,
# USER, EXPOSE, HEALTHCHECK and an exec-form CMD ["node", …], and stops on anything else.
#
# Node 24 ("Krypton") is an LTS line supported until April 2028; the ARG lets operators bump it
# (and the Debian base) without editing this file.
ARG NODE_VERSION=24
ARG DEBIAN_RELEASE=bookworm

# ---- build: the whole workspace, with its dev dependencies ----
FROM node:${NODE_VERSION}-${DEBIAN_RELEASE}-slim AS build
WORKDIR /app
ENV CI=true
# Manifests first, so a source change reuses the installed layer (npm ci needs no source).
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/backoffice/package.json apps/backoffice/
COPY apps/vendor-sandbox/package.json apps/vendor-sandbox/
COPY apps/idp-sandbox/package.json apps/idp-sandbox/
RUN npm ci --no-audit --no-fund
# The site, the back office, and the server bundle with its migrations.
COPY . .
RUN npm run build
# Production dependencies only: what the server bundle loads at run time.
RUN npm prune --omit=dev --no-audit --no-fund

# ---- runtime: built files and production node_modules, run as the unprivileged `node` user ----
FROM node:${NODE_VERSION}-${DEBIAN_RELEASE}-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/wps
WORKDIR /app
# The package.json files carry "type": "module" for the bundle;
# apps/server/dist holds server.js, the ops/migrate/ledger-check scripts and dist/migrations.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/backoffice/dist ./apps/backoffice/dist
# DATA_DIR holds the SMS/e-mail outbox (and PGlite, if ever allowed): writable by `node` only.
RUN mkdir -p /var/lib/wps && chown node:node /var/lib/wps
USER node
EXPOSE 8080
# The probes need no shell or curl in the image: Node's fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrates, then listens; SIGTERM closes it cleanly.
CMD ["node", "apps/server/dist/server.js"]
