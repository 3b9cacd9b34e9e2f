import { openDatabase } from '@nomen/shared/db';
import { loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { startJobs } from './jobs/index';
import { createMailer } from './mail/mailer';
import { stopOnSignals } from './start';

/**
 * A job worker (`npm run start:worker`, issue 12 item 7): works integration runs from the queue in
 * PostgreSQL (DATABASE_URL, required: the embedded database admits one process, whose server works
 * its own jobs), any number of them beside REST servers started with JOBS_IN_SERVER=false.
 * Migrates first, like the server. Stops on SIGINT/SIGTERM after running attempts finish.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('A worker needs DATABASE_URL (PostgreSQL)');
  const handle = await openDatabase({ url: config.databaseUrl, poolSize: config.jobs.concurrency + 2 });
  await migrateToLatest(handle.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    isProduction: config.isProduction,
  });
  const jobs = await startJobs({ db: handle.db, config, mailer }, handle, config.jobs, { work: true });
  console.log(`[worker] working ${config.jobs.concurrency} integration runs at a time`);
  stopOnSignals(async () => {
    await jobs.stop();
    await handle.close();
  });
}

main().catch((error: unknown) => {
  console.error('[worker] failed to start:', error);
  process.exit(1);
});
