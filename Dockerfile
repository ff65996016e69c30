# syntax=docker/dockerfile:1
# The payment service's image (docs/operations.md#deploy-with-compose). Three stages:
#   deps     npm ci with the project's .npmrc and package.json's allowScripts (npm 11's install-script approval)
#   build    next build (output "standalone") and the operator CLI and migrator compiled to JavaScript
#   runtime  Next's standalone output, its static files, public/, the migrations, scripts/serve.mjs and the
#            compiled CLI and migrator; no dev dependencies, no tsx, no compiler; runs as the user `node`
# tests/integration/container-image.test.ts reads the runtime stage below and replays it offline: keep every
# instruction of that stage one it understands (FROM, WORKDIR, ENV, COPY, USER, EXPOSE, HEALTHCHECK,
# ENTRYPOINT, CMD, LABEL).
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The npm this project's lock file and allowScripts were made with: the npm of Node 22's image (10.x) knows
# neither allowScripts nor strict-allow-scripts, and would run every dependency's install script.
RUN npm install --global npm@11.19.1
COPY package.json package-lock.json .npmrc ./
# The devnet is an npm workspace of the root package (tests and the demo use it, the image does not): without its
# package.json npm ci leaves it unlinked, and next build's type check of the tests could not resolve it.
COPY scripts/devnet/package.json ./scripts/devnet/
# npm ci's postinstall applies these fixes to dependencies (patch-package; scripts/patches/README.md says why each).
COPY scripts/patches ./scripts/patches/
# bigint-buffer's approved script compiles a C file when a compiler is present; the slim image has none, so it
# falls back to JavaScript, as the server's bundle does anyway.
RUN npm ci

FROM deps AS build
COPY . .
RUN npx next build && node scripts/build-cli.mjs

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
# The server and the node_modules files it loads (traced by next build), static assets and public files.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# Read at run time from the working directory: the migrator applies them, /readyz compares against them.
COPY --from=build /app/db/migrations ./db/migrations
COPY --from=build /app/scripts/serve.mjs ./scripts/serve.mjs
# `node scripts/cli.mjs …` (the operator CLI) and `node scripts/migrate.mjs` (compose's migrate service).
COPY --from=build /app/.next/cli/cli.mjs /app/.next/cli/migrate.mjs ./scripts/
# The files stay root's: the service writes nothing under /app.
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# scripts/serve.mjs as `npm start` runs it: the client address from the connection (TRUST_PROXY_HOPS), graceful
# shutdown on SIGTERM within SHUTDOWN_GRACE_MS. Arguments go to it (-p <port>, -H <address>).
ENTRYPOINT ["node", "--max-semi-space-size=32", "scripts/serve.mjs"]
