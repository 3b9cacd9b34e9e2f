import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Hashes a password with argon2id (OWASP parameters: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** Checks a password against an argon2id hash; false on any mismatch or malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A new random token (256 bits, base64url) and the SHA-256 under which it is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/** SHA-256 of a token, hex. Tokens are stored only as hashes. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
