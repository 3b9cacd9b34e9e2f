import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The placeholder secret of docker-compose.yml, which production refuses (issue 8 item 8). */
export const EXAMPLE_SECRET_KEY = 'change-me-to-32-random-bytes-in-base64';

/** Shortest NOMEN_SECRET_KEY production accepts, in bytes of its UTF-8 text (issue 8 item 8). */
export const MIN_PRODUCTION_SECRET_BYTES = 32;

/**
 * The secret that signs collaboration tokens and encrypts connected-account secrets
 * (ARCHITECTURE.md). In production: NOMEN_SECRET_KEY, which must be at least 32 bytes and not
 * the example of docker-compose.yml, else this throws (the process refuses to start).
 * Elsewhere: NOMEN_SECRET_KEY when it has at least 16 characters, otherwise a key generated
 * once into `<dataDir>/secret.key` (mode 0600) and reused by every process of this machine.
 */
export function loadSecretKey(options: {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  isProduction: boolean;
}): string {
  const fromEnv = options.env.NOMEN_SECRET_KEY ?? '';
  if (options.isProduction) {
    if (fromEnv.trim() === EXAMPLE_SECRET_KEY) {
      throw new Error(
        'NOMEN_SECRET_KEY is the example value of docker-compose.yml; set your own (e.g. `openssl rand -base64 32`)',
      );
    }
    if (Buffer.byteLength(fromEnv, 'utf8') < MIN_PRODUCTION_SECRET_BYTES) {
      throw new Error(
        `NOMEN_SECRET_KEY of at least ${MIN_PRODUCTION_SECRET_BYTES} bytes is required in production (e.g. \`openssl rand -base64 32\`)`,
      );
    }
    return fromEnv;
  }
  if (fromEnv.length >= 16) return fromEnv;
  const file = join(options.dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
