import { z } from 'zod';
import { endpoint } from '../core/contract';
import { idParamSchema, intSchema, requiredName } from '../core/schemas';

/**
 * Personal API tokens (issue 11 item 10): a person makes tokens for machine clients, sees each
 * secret once, and revokes them. A token acts as its owner with the owner's own rights
 * (`Authorization: Bearer <secret>`); managing tokens needs a browser session (`sessionOnly`).
 * Paths are ours ("not shown"), under /api/v1/account/.
 */

/** Prefix of every secret, so leaked tokens are recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'nomen_pat_';
/** Longest lifetime a token may be given, in days. */
export const API_TOKEN_MAX_DAYS = 366;
/** The lifetimes the page offers, in days; null = never expires. */
export const API_TOKEN_EXPIRY_CHOICES: readonly (number | null)[] = [7, 30, 90, 366, null];
/** Most live (not revoked) tokens one person holds. */
export const API_TOKEN_MAX_PER_USER = 50;

/** States of a token: usable, past its expiry, or revoked. */
export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
/** One token state. */
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];

/** A token as listed: never its secret, only its first characters (`hint`). */
export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The secret's first characters followed by "…", to tell tokens apart. */
  hint: z.string(),
  state: z.enum(API_TOKEN_STATES),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** When it stops working; null = never. */
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
/** A listed token. */
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** A new token: its name and lifetime in days (null or absent: it never expires). */
export const apiTokenCreateSchema = z.object({
  name: requiredName.pipe(z.string().max(100, 'At most 100 characters')),
  expires_in_days: intSchema(1, API_TOKEN_MAX_DAYS).nullable().default(null),
});
/** A token create request as sent. */
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

/** The answer to a create: the token and its secret, which is shown this once and never again. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });

/** The API token endpoints (issue 11 item 10); each refuses API tokens (`sessionOnly`). */
export const apiTokensApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/api-tokens',
    tag: 'API tokens',
    summary: 'The signed-in person’s own API tokens, newest first (never their secrets).',
    permission: 'signed-in',
    sessionOnly: true,
    response: z.object({ data: z.array(apiTokenSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/account/api-tokens',
    tag: 'API tokens',
    summary:
      'Make a personal API token acting with the signed-in person’s own rights. The answer holds the secret once; only its SHA-256 is stored.',
    permission: 'signed-in',
    sessionOnly: true,
    body: apiTokenCreateSchema,
    response: apiTokenCreatedSchema,
    status: 201,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/v1/account/api-tokens/:id/revoke',
    tag: 'API tokens',
    summary: 'Revoke one of the signed-in person’s tokens; it stops working at once.',
    permission: 'signed-in',
    sessionOnly: true,
    params: idParamSchema,
    response: apiTokenSchema,
  }),
};
