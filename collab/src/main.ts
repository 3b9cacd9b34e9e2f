import { createServer } from 'node:http';
import { openDatabase } from '@nomen/shared/db';
import { loadSecretKey } from '@nomen/shared/node';
import { attachCollab } from './attach';
import { createCollab, stopCollab } from './create-collab';

/**
 * The collab server alone (`npm run start:collab`), beside PostgreSQL and Redis: COLLAB_PORT
 * (default 3100), DATABASE_URL (migrated by the REST server), REDIS_URL for several instances,
 * NOMEN_SECRET_KEY shared with the REST server. Clients connect to ws://host:port/collab.
 */
async function main(): Promise<void> {
  const env = process.env;
  const isProduction = env.NODE_ENV === 'production';
  const port = Number(env.COLLAB_PORT ?? 3100);
  const handle = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: `${env.DATA_DIR ?? '.data'}/pglite`,
    poolSize: 5,
  });
  const hocuspocus = await createCollab({
    db: handle.db,
    listen: handle.listen,
    secret: loadSecretKey({ env, dataDir: env.DATA_DIR ?? '.data', isProduction }),
    redisUrl: env.REDIS_URL,
    lockTimeoutMs: env.LOCK_TIMEOUT_MS ? Number(env.LOCK_TIMEOUT_MS) : undefined,
    debounceMs: env.COLLAB_DEBOUNCE_MS ? Number(env.COLLAB_DEBOUNCE_MS) : undefined,
  });
  // /health: rooms, connections and memory, for operators and the benchmark (which starts this
  // process with --expose-gc so the figures are taken after a collection).
  const server = createServer((req, res) => {
    if (req.url === '/health') {
      (globalThis as { gc?: () => void }).gc?.();
      const body = {
        documents: hocuspocus.getDocumentsCount(),
        connections: hocuspocus.getConnectionsCount(),
        memory: process.memoryUsage(),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('nomen collab\n');
  });
  const detach = attachCollab(server, hocuspocus);
  await new Promise<void>((resolve) => server.listen(port, resolve));
  console.log(`[collab] serving ws://localhost:${port}/collab${env.REDIS_URL ? ' with Redis' : ''}`);
  const stop = async () => {
    await stopCollab(hocuspocus);
    await detach();
    server.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error('[collab] failed to start:', error);
  process.exit(1);
});
