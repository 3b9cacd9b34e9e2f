import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a collaboration token says (ARCHITECTURE.md, Live collaboration: authentication). */
export interface CollabClaims {
  /** User id. */
  uid: number;
  /** Display name. */
  name: string;
  /** Account uuid. */
  acc: string;
  /** The list id the token is for (a list room's token); absent in a draft room's token. */
  list?: number;
  /**
   * The submission id of the shared draft the token is for (a draft room's token,
   * `draft-room.contract.ts`); absent in a list room's token.
   */
  sub?: number;
  /** Whether the user may edit, moderate and lock (spec 02 §6). */
  approver: boolean;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /**
   * The id of the REST session the token was issued for (issue 8 item 4): logging out or any
   * other end of that session refuses the token and drops its connections.
   */
  sid: string;
  /**
   * The user's access version when the token was issued (`collab_access`, raised on a password,
   * disabled, role or permission change): a different current version refuses the token.
   */
  av: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Signs claims into a token `payload.signature` (HMAC-SHA256, base64url). */
export function signCollabToken(claims: CollabClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/**
 * Verifies a token's signature and expiry and returns its claims; throws an Error with the
 * reason ("malformed", "bad signature", "expired") otherwise. `now` in ms for tests. Whether
 * the token's session and access version are still current is the collab server's check.
 */
export function verifyCollabToken(token: string, secret: string, now = Date.now()): CollabClaims {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw new Error('malformed token');
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new Error('bad signature');
  let claims: CollabClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CollabClaims;
  } catch {
    throw new Error('malformed token');
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) throw new Error('expired token');
  if (
    !Number.isInteger(claims.uid) ||
    (claims.list === undefined) === (claims.sub === undefined) ||
    (claims.list !== undefined && !Number.isInteger(claims.list)) ||
    (claims.sub !== undefined && !Number.isInteger(claims.sub)) ||
    typeof claims.acc !== 'string' ||
    typeof claims.sid !== 'string' ||
    !Number.isInteger(claims.av)
  ) {
    throw new Error('malformed token');
  }
  return claims;
}
