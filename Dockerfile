# syntax=docker/dockerfile:1
# One recipe for every Node app of Hunted: the images differ only in which workspace they run, so the build
# argument APP_DIR picks it (gateway, services/<name>, infra/oidc-provider) and every image is built the same way.
#   docker build --build-arg APP_DIR=services/brands -t hunted/brands .
# Build from the repository root (the workspace lockfile and libs/ are needed). docker-compose.yml does this.

# The Node LTS the test suite runs on (package.json pins the same major as its `node` devDependency).
ARG NODE_IMAGE=node:24-bookworm-slim

# Only the manifests, so the dependency layers are rebuilt when dependencies change, not when code does.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/platform/package.json libs/platform/
COPY infra/oidc-provider/package.json infra/oidc-provider/
COPY services/identity/package.json services/identity/
COPY services/brands/package.json services/brands/
COPY services/reviews/package.json services/reviews/
COPY services/hunters/package.json services/hunters/
COPY services/bookings/package.json services/bookings/
COPY services/messaging/package.json services/messaging/
COPY gateway/package.json gateway/
COPY web/package.json web/

# Everything needed to compile: every workspace's dependencies, dev ones included.
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

FROM deps AS build
ARG APP_DIR
COPY tsconfig.base.json ./
COPY libs libs
COPY infra/oidc-provider infra/oidc-provider
COPY services services
COPY gateway gateway
COPY web web
# tsc -b builds the app and the libs it references; only the gateway serves the SPA, so only it builds web/.
RUN test -n "${APP_DIR}" || { echo 'build with --build-arg APP_DIR=<workspace dir>' >&2; exit 1; }
RUN npx tsc -b "${APP_DIR}" \
  && mkdir -p web/dist \
  && if [ "${APP_DIR}" = gateway ]; then npm run build -w web; fi

# Production dependencies of this one workspace (and of the libs it links), with the compiled code laid over them.
FROM manifests AS production
ARG APP_DIR
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace "${APP_DIR}" --no-audit --no-fund
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/platform/dist libs/platform/dist
COPY --from=build /app/${APP_DIR}/dist ${APP_DIR}/dist
COPY --from=build /app/web/dist web/dist

FROM ${NODE_IMAGE} AS runtime
ARG APP_DIR
# What the container's health check asks for; the development OpenID Provider has no /health of its own.
ARG HEALTH_PATH=/health
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    HEALTH_PATH=${HEALTH_PATH}
# Root owns the code, so the app (running as the image's unprivileged `node` user) cannot change it.
COPY --from=production /app /app
WORKDIR /app/${APP_DIR}
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + process.env.HEALTH_PATH).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 and gets SIGTERM directly, so the app's graceful shutdown runs.
CMD ["node", "dist/main.js"]
