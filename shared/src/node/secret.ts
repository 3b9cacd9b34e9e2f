import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs collaboration tokens and encrypts connected-account secrets
 * (ARCHITECTURE.md): NOMEN_SECRET_KEY when set; otherwise, outside production, a key generated
 * once into `<dataDir>/secret.key` and reused by every process of this machine. Throws in
 * production without NOMEN_SECRET_KEY.
 */
export function loadSecretKey(options: {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  isProduction: boolean;
}): string {
  const fromEnv = options.env.NOMEN_SECRET_KEY;
  if (fromEnv && fromEnv.length >= 16) return fromEnv;
  if (options.isProduction)
    throw new Error('NOMEN_SECRET_KEY (at least 16 characters) is required in production');
  const file = join(options.dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
