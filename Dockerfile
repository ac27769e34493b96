# The production image of the shop: one image for both processes (docs/operations.md "Deploy").
#   API:        node api/dist/main.js                      (the default command; migrations run at its start-up)
#   storefront: node server.mjs -p 3000, in /app/web       (compose.yaml sets the command and working directory)
# The build runs the commands `npm start` and CI run (scripts/start.mjs, .ci/run): `npm ci`, the API bundled by
# esbuild (`npm run build -w api`), the storefront by `next build`. Debian, not Alpine: sharp and argon2 install
# prebuilt binaries built for glibc.
ARG NODE_IMAGE=node:20-bookworm-slim

# Every dependency, dev ones included: the build needs esbuild, TypeScript and Next's compiler.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund

FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
# Next's build cache is for the next build, not for serving.
RUN npm run build -w api && npm run build -w web && rm -rf web/.next/cache

# Runtime dependencies only: no test tools, linters, drizzle-kit or type packages in the image.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY web/package.json web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 API_HOST=0.0.0.0 API_PORT=4000 WEB_PORT=3000
WORKDIR /app
COPY --from=runtime-deps /app ./
# The API bundle with its migrations beside it (api/build.mjs).
COPY --from=build /app/api/dist api/dist
# Next writes its cache under .next at run time, as the unprivileged user.
COPY --from=build --chown=node:node /app/web/.next web/.next
# Next transpiles next.config.ts at start-up, reading web/tsconfig.json and the base it extends.
COPY tsconfig.base.json ./
COPY web/server.mjs web/next.config.ts web/tsconfig.json web/
COPY web/public web/public
COPY web/content web/content
USER node
EXPOSE 4000 3000
CMD ["node", "api/dist/main.js"]
