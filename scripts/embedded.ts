import { attachCollab, createCollab, runRoomCommands, stopCollab } from '../collab/src/index';
import { startServer, stopOnSignals } from '../server/src/start';

/**
 * `npm start`: the embedded single process (ARCHITECTURE.md, Processes and modes): the REST API
 * and the client on PORT, and the collab server on /collab of the same port, on one database.
 * The composition lives here so that server and collab never import each other.
 */
// Collab's room commands let the demo history seed list suggestions before collab starts.
const running = await startServer(undefined, { roomCommands: runRoomCommands });
const hocuspocus = await createCollab({
  db: running.deps.db,
  listen: running.handle.listen,
  secret: running.deps.config.secretKey,
  redisUrl: running.deps.config.redisUrl,
  lockTimeoutMs: process.env.LOCK_TIMEOUT_MS ? Number(process.env.LOCK_TIMEOUT_MS) : undefined,
});
const detach = attachCollab(running.server, hocuspocus);
console.log(`[nomen] live collaboration on ws://localhost:${running.port}/collab`);
stopOnSignals(async () => {
  await stopCollab(hocuspocus);
  await detach();
  await running.close();
});
