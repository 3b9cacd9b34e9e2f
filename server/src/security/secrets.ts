import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of connected-account secrets at rest (issue 10 item 3; ARCHITECTURE.md, Data):
 * AES-256-GCM under a key derived with HKDF-SHA256 from NOMEN_SECRET_KEY. The key text itself is
 * loaded by `loadSecretKey` (shared/src/node/secret.ts): in production NOMEN_SECRET_KEY is
 * required (at least 32 bytes, not the compose example) or the process refuses to start; elsewhere
 * a key is generated once into DATA_DIR/secret.key with mode 0600. HKDF gives this use its own
 * key, apart from the one that signs collaboration tokens.
 *
 * A ciphertext reads `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts). The key id names
 * which key sealed it (a keyed digest of the derived key, revealing nothing of it), so that after
 * NOMEN_SECRET_KEY changes the previous keys (NOMEN_PREVIOUS_SECRET_KEYS) still open old values
 * until `rotate-secret-key` has re-encrypted them. Each value is bound to where it is stored by
 * its associated data (`context`): a ciphertext copied to another account or field is refused.
 */

/** A refused ciphertext: tampered, sealed for another place, or under a key this process lacks. */
export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretError';
  }
}

/** The keys one process knows: the current one (encrypts) and previous ones (only decrypt). */
export interface SecretKeyRing {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

const VERSION = 'v1';

function deriveKey(secretText: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretText, 'nomen/connector-secrets', 'aes-256-gcm v1', 32));
}

function keyId(key: Buffer): string {
  return createHmac('sha256', key).update('nomen key id').digest('base64url').slice(0, 12);
}

const rings = new Map<string, SecretKeyRing>();

/**
 * The key ring of a current secret key text and previous ones (NOMEN_PREVIOUS_SECRET_KEYS).
 * Derivation runs once per distinct set of keys in the process.
 */
export function secretKeyRing(current: string, previous: readonly string[] = []): SecretKeyRing {
  const cacheKey = JSON.stringify([current, ...previous]);
  const cached = rings.get(cacheKey);
  if (cached) return cached;
  const keys = new Map<string, Buffer>();
  for (const text of [...previous, current]) {
    const key = deriveKey(text);
    keys.set(keyId(key), key);
  }
  const ring = { currentId: keyId(deriveKey(current)), keys };
  rings.set(cacheKey, ring);
  return ring;
}

/** The key ring of a configuration (`secretKey`, `previousSecretKeys`). */
export function keyRingOf(config: {
  secretKey: string;
  previousSecretKeys?: readonly string[];
}): SecretKeyRing {
  return secretKeyRing(config.secretKey, config.previousSecretKeys ?? []);
}

/**
 * Seals `plaintext` under the ring's current key, bound to `context` (e.g.
 * `connector:12:password`). Every call uses a fresh 96-bit IV.
 */
export function encryptSecret(ring: SecretKeyRing, plaintext: string, context: string): string {
  const key = ring.keys.get(ring.currentId)!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    ring.currentId,
    iv.toString('base64url'),
    sealed.toString('base64url'),
    tag.toString('base64url'),
  ].join('.');
}

/**
 * Opens a ciphertext sealed by {@link encryptSecret} for the same `context`. Throws SecretError
 * when it is malformed, under a key the ring lacks, tampered with, or sealed for another context.
 */
export function decryptSecret(ring: SecretKeyRing, ciphertext: string, context: string): string {
  const parts = ciphertext.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretError('Not an encrypted secret');
  const [, id, ivText, sealedText, tagText] = parts as [string, string, string, string, string];
  const key = ring.keys.get(id);
  if (!key) {
    throw new SecretError(
      'This secret was encrypted with a key this server does not have (set NOMEN_PREVIOUS_SECRET_KEYS)',
    );
  }
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== 12 || tag.length !== 16) throw new SecretError('Not an encrypted secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(sealedText, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretError('The encrypted secret was tampered with or belongs elsewhere');
  }
}

/** Whether a ciphertext is sealed under the ring's current key (rotation skips those). */
export function isUnderCurrentKey(ring: SecretKeyRing, ciphertext: string): boolean {
  return ciphertext.split('.')[1] === ring.currentId;
}
