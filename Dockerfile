# The gateway image: it serves the API, the sockets and the built client.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY gateway/package.json gateway/
COPY client/package.json client/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
COPY --from=build /app /app
EXPOSE 8080
# Ready once the first backfill is done (503 with its progress until then); /api/health is liveness.
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=60 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
USER node
CMD ["node", "--import", "tsx", "gateway/src/server.ts"]
