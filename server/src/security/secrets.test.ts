import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, isUnderCurrentKey, SecretError, secretKeyRing } from './secrets';

const ring = secretKeyRing('current-secret-key-of-at-least-32-bytes!');

describe('connected-account secrets (AES-256-GCM under NOMEN_SECRET_KEY)', () => {
  it('round-trips text, with a fresh IV each time, and hides the plaintext', () => {
    const secret = 'p@ss wörd 🔑\n-----BEGIN OPENSSH PRIVATE KEY-----';
    const a = encryptSecret(ring, secret, 'connector:1:password');
    const b = encryptSecret(ring, secret, 'connector:1:password');
    expect(a).not.toBe(b);
    expect(a).not.toContain('p@ss');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]*\.[\w-]+$/);
    expect(decryptSecret(ring, a, 'connector:1:password')).toBe(secret);
    expect(decryptSecret(ring, b, 'connector:1:password')).toBe(secret);
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const sealed = encryptSecret(ring, 'hunter2-hunter2', 'connector:1:password');
    const [v, id, iv, body, tag] = sealed.split('.') as [string, string, string, string, string];
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [v, id, iv, flip(body), tag].join('.'),
      [v, id, iv, body, flip(tag)].join('.'),
      [v, id, flip(iv), body, tag].join('.'),
      'v1.garbage',
    ]) {
      expect(() => decryptSecret(ring, tampered, 'connector:1:password')).toThrow(SecretError);
    }
  });

  it('refuses a ciphertext moved to another account or field', () => {
    const sealed = encryptSecret(ring, 'hunter2', 'connector:1:password');
    expect(() => decryptSecret(ring, sealed, 'connector:2:password')).toThrow(SecretError);
    expect(() => decryptSecret(ring, sealed, 'connector:1:client_secret')).toThrow(SecretError);
  });

  it('opens values of a previous key, seals under the current one, and refuses unknown keys', () => {
    const old = secretKeyRing('the-previous-secret-key-0123456789');
    const sealedOld = encryptSecret(old, 'old secret', 'ctx');
    const rotated = secretKeyRing('the-next-secret-key-0123456789abcd', [
      'the-previous-secret-key-0123456789',
    ]);
    expect(isUnderCurrentKey(rotated, sealedOld)).toBe(false);
    expect(decryptSecret(rotated, sealedOld, 'ctx')).toBe('old secret');
    const resealed = encryptSecret(rotated, 'old secret', 'ctx');
    expect(isUnderCurrentKey(rotated, resealed)).toBe(true);
    expect(() => decryptSecret(ring, sealedOld, 'ctx')).toThrow(/does not have/);
  });
});
