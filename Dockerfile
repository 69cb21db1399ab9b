# syntax=docker/dockerfile:1
# Verso: one image for every role (docs/deployment.md, "Container image"). SERVER_MODE picks the role; the
# default command is `verso serve`, and `docker run IMAGE migrate` (or import, keys …) runs another command.

# Production dependencies only. Native modules (argon2, sharp, lightningcss, esbuild) ship prebuilt binaries
# for linux-x64 and linux-arm64, so no compiler is needed.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/verso
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# `verso serve` and the other commands run from a bundle of the CLI (bin/cli-bundle.mjs), made here: /app is read-only at run time.
RUN node bin/cli-bundle.mjs
# The code stays root's and read-only to the server; only DATA_DIR is written (media, the embedded database).
# A volume mounted at media/originals (shared originals) starts with this folder's owner.
RUN mkdir -p /var/lib/verso/media/originals && chown -R node:node /var/lib/verso
VOLUME ["/var/lib/verso"]
USER node
EXPOSE 3000 3100 3200
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["node", "bin/healthcheck.mjs"]
ENTRYPOINT ["node", "bin/verso.mjs"]
CMD ["serve"]
