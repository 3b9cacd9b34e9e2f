import type { Server } from 'node:http';
import { openDatabase } from '@nomen/shared/db';
import { createApp } from './app';
import { startControlSocket } from './cli/control-socket';
import { loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { createMailer } from './mail/mailer';
import { seedDemo } from './seed/seed';

/**
 * Starts Nomen (ARCHITECTURE.md, Processes and modes): opens PostgreSQL (DATABASE_URL) or the
 * embedded PGlite in DATA_DIR, migrates, seeds the demo account on an empty database outside
 * production, and serves the API and the client on PORT. Embedded mode also listens on the
 * operator control socket.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  const applied = await migrateToLatest(handle.db);
  if (applied.length) console.log(`[nomen] migrated: ${applied.join(', ')}`);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const deps = { db: handle.db, pool: handle.pool, config, mailer };

  if (!config.isProduction) {
    const seeded = await seedDemo(deps, { onlyIfEmpty: true });
    if (seeded) for (const line of seeded.lines) console.log(`[nomen] ${line}`);
  }

  const { app } = createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.port, () => resolve(s));
  });
  const control = handle.kind === 'pglite' ? await startControlSocket(deps) : null;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `[nomen] serving http://localhost:${port} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}) in ${Date.now() - started} ms`,
  );

  const shutdown = async (signal: string) => {
    console.log(`[nomen] ${signal}: shutting down`);
    control?.close();
    server.close();
    server.closeAllConnections();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[nomen] failed to start:', error);
  process.exit(1);
});
