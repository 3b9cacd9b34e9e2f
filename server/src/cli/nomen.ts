import { parseArgs } from 'node:util';
import { openDatabase } from '@nomen/shared/db';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { COMMANDS, runCommand } from './commands';
import { sendToControlSocket } from './control-socket';

/**
 * The operator CLI (issue 2 §8): `npm run nomen -- <command> [--option value]`. With
 * DATABASE_URL it talks to PostgreSQL; on the embedded database it hands the command to a
 * running server through its control socket, or opens the database itself when none runs.
 */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    strict: false,
    options: {
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      email: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (!command || values.help) {
    console.log('Usage: npm run nomen -- <command> [options]\n');
    for (const [name, help] of Object.entries(COMMANDS)) console.log(`  ${name.padEnd(16)} ${help}`);
    return command ? 0 : 1;
  }
  const args = Object.fromEntries(
    Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const config = loadConfig();
  if (!config.databaseUrl) {
    const lines = await sendToControlSocket(config.dataDir, command, args);
    if (lines) {
      for (const line of lines) console.log(line);
      return 0;
    }
  }
  const handle = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    poolSize: 2,
  });
  try {
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      quiet: true,
    });
    const lines = await runCommand({ db: handle.db, pool: handle.pool, config, mailer }, command, args);
    for (const line of lines) console.log(line);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`nomen: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
