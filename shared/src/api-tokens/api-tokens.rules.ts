import type { ApiToken } from './api-tokens.contract';

const DAY_MS = 24 * 3600_000;

/**
 * How the tokens table words a token's expiry (issue 11 item 10), relative to `now`:
 * "Revoked", "Never", "Expired <date>", "Today", "Tomorrow", "In N days" (under 60 days) or
 * "<date>" (YYYY-MM-DD, UTC) further out. `token` needs `expires_at` and `revoked_at` (ISO text).
 */
export function formatTokenExpiry(
  token: Pick<ApiToken, 'expires_at' | 'revoked_at'>,
  now: Date = new Date(),
): string {
  if (token.revoked_at !== null) return 'Revoked';
  if (token.expires_at === null) return 'Never';
  const at = new Date(token.expires_at);
  const date = at.toISOString().slice(0, 10);
  if (at.getTime() <= now.getTime()) return `Expired ${date}`;
  const days = Math.floor(
    (Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) -
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) /
      DAY_MS,
  );
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days < 60) return `In ${days} days`;
  return date;
}

/** The label of a lifetime choice in days (null: "No expiry"), e.g. "30 days", "1 year". */
export function expiryChoiceLabel(days: number | null): string {
  if (days === null) return 'No expiry';
  if (days >= 365) return '1 year';
  return `${days} days`;
}
