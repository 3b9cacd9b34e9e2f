import type { Server } from 'node:http';
import { type DbHandle, openDatabase } from '@nomen/shared/db';
import { createApp } from './app';
import { startControlSocket } from './cli/control-socket';
import { type Config, loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { endInterruptedTemplateLogs } from './entities/templates/templates.service';
import type { AppDeps, RoomCommandRunner } from './http/context';
import { startJobs } from './jobs/index';
import { createMailer } from './mail/mailer';
import { demoSignInLines, seedDemo } from './seed/seed';

/** A running REST server and how to stop it. */
export interface RunningServer {
  server: Server;
  deps: AppDeps;
  handle: DbHandle;
  port: number;
  /** Stops accepting requests, closes sockets and the database. */
  close(): Promise<void>;
}

/**
 * Starts the REST server (ARCHITECTURE.md, Processes and modes): opens PostgreSQL
 * (DATABASE_URL) or the embedded PGlite in DATA_DIR, migrates, seeds the demo account on an
 * empty database outside production and prints how to sign in to it on every start, serves the API and the client on PORT, and in embedded
 * mode listens on the operator control socket. `options.roomCommands` (collab's runner, given by
 * scripts/embedded.ts) lets the demo history seed list suggestions. Throws when the database
 * cannot be opened or migrated.
 */
export async function startServer(
  config: Config = loadConfig(),
  options: { roomCommands?: RoomCommandRunner } = {},
): Promise<RunningServer> {
  const started = Date.now();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  const applied = await migrateToLatest(handle.db);
  if (applied.length) console.log(`[nomen] migrated: ${applied.join(', ')}`);
  await endInterruptedTemplateLogs(handle.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    isProduction: config.isProduction,
  });
  const deps: AppDeps = {
    db: handle.db,
    pool: handle.pool,
    config,
    mailer,
    roomCommands: options.roomCommands ?? null,
  };
  // The job queue (issue 12 items 4, 7): always dispatches queued runs; works them here unless
  // JOBS_IN_SERVER=false (then `npm run start:worker` processes do). PGlite admits one process, so
  // the embedded database always works its jobs in the server.
  const jobs = await startJobs(deps, handle, config.jobs, {
    work: config.jobs.inServer || handle.kind === 'pglite',
  });
  deps.jobs = jobs;

  // Sign-in details on every start while the demo account exists, not only the first (issue 8 item 26).
  const seeded = config.isProduction ? null : await seedDemo(deps, { onlyIfEmpty: true });
  const lines = seeded ? seeded.lines : await demoSignInLines(deps);
  for (const line of lines) console.log(`[nomen] ${line}`);

  const { app } = createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.port, () => resolve(s));
  });
  // Idle keep-alive sockets outlive the clients' and proxies' own idle timeouts, so a client never
  // reuses a socket the server is closing at that instant (Node's 5 s default races them: ECONNRESET).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const control = handle.kind === 'pglite' ? await startControlSocket(deps) : null;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `[nomen] serving http://localhost:${port} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}) in ${Date.now() - started} ms`,
  );
  return {
    server,
    deps,
    handle,
    port,
    async close() {
      control?.close();
      server.close();
      server.closeAllConnections();
      await jobs.stop();
      await handle.close();
    },
  };
}

/** How long an idle keep-alive connection stays open, in ms (above the 60 s of common load balancers). */
const KEEP_ALIVE_MS = 65_000;

/** Stops `close` on SIGINT or SIGTERM and exits. */
export function stopOnSignals(close: () => Promise<void>): void {
  const stop = async (signal: string) => {
    console.log(`[nomen] ${signal}: shutting down`);
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
