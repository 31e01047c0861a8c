# The whole product in one image: the web app, the v1 API, the scheduled loops and (when no
# PUSHER_* is set) the embedded realtime server, on port 3000. docs/deploy.md says how to run
# several of these behind a load balancer.
#
#   docker build -t business-assistant .
#   docker build --build-arg WITH_SPEECH=true -t business-assistant:voice .   # + espeak-ng, pocketsphinx
#   docker run -p 3000:3000 -e SESSION_SECRET=... -e PUBLIC_URL=https://... \
#     -e DATABASE_URL=postgres://... business-assistant
#
# Debian's chromium is not installed: only the Playwright e2e tests use it, never the server.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: the production dependencies (the Remix/Vite build needs no dev ones), the web app --
# (`npm prune` after a full `npm ci` would rewrite package-lock.json, which makes
# `npm start` see the build as stale and try to rebuild at start-up.)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE}
# Voice (docs/speech.md) is optional: without these packages voice says it is unavailable
# and chat works; ASSISTANT_SPEECH=openai uses an OpenAI-compatible /audio API instead.
ARG WITH_SPEECH=false
RUN if [ "$WITH_SPEECH" = "true" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends espeak-ng pocketsphinx pocketsphinx-en-us \
      && rm -rf /var/lib/apt/lists/*; \
    fi

ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# Sources are owned by root and read-only to the server; only DATA_DIR is writable.
COPY --from=build /app /app
# The build must stay newer than its sources (scripts/build-if-stale.ts), or the server would
# try to rebuild into the read-only tree at start-up.
RUN touch build/server/index.js build/app-server/server.js \
 && mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000

# Liveness: /healthz answers 200 after `select 1`. Point the load balancer at /readyz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# What `npm start` runs (scripts/start.mjs: the build is fresh, so it applies the migrations and
# serves the compiled server), without npm in between: npm exits on SIGTERM without passing it
# on, which would leave the server to be killed; node receives it, and the server stops cleanly.
CMD ["node", "scripts/start.mjs"]
