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
USER node
CMD ["node", "--import", "tsx", "gateway/src/server.ts"]
