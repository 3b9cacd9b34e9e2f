# One image for the server and the collab process (docker-compose.yml picks the command).
FROM node:22-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY collab/package.json collab/
COPY client/package.json client/
COPY tests/package.json tests/
# patch-package applies patches/ after the install (postinstall): see collab/README.md.
COPY patches patches/
RUN npm ci --omit=optional --ignore-scripts=false
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["npm", "start"]
