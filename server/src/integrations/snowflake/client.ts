import { createHash, createPrivateKey, createPublicKey, createSign } from 'node:crypto';
import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Snowflake SQL API v2 client (README.md beside this file): runs one SQL statement with bindings
 * in a warehouse, database, schema and role, waiting for it to finish. Serves issue 12 item 4
 * (snowflake-push loads the rows into the table).
 */
export interface SnowflakeClientOptions extends ProviderClientOptions {
  /** How `getAccessToken`'s answer authenticates: a key-pair JWT or a programmatic access token. */
  tokenType: 'KEYPAIR_JWT' | 'PROGRAMMATIC_ACCESS_TOKEN' | 'OAUTH';
  /** How often to ask about a statement still running, in ms (default 500). */
  pollMs?: number;
  /** How long a statement may run in all, in seconds (the API's `timeout`, default 600). */
  statementTimeoutSeconds?: number;
}

/** Where a statement runs (the account's defaults, spec 01 §3.2 data-warehouse fields). */
export interface SnowflakeContext {
  warehouse?: string | undefined;
  database?: string | undefined;
  schema?: string | undefined;
  role?: string | undefined;
}

/** A bind value: Snowflake's binding types are named; every value here is TEXT or FIXED. */
export interface SnowflakeBinding {
  type: 'TEXT' | 'FIXED';
  value: string | null;
}

const statementAnswer = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  statementHandle: z.string().min(1),
  statementStatusUrl: z.string().optional(),
  sqlState: z.string().optional(),
  data: z.array(z.array(z.string().nullable())).optional(),
  resultSetMetaData: z
    .object({ numRows: z.number().optional(), rowType: z.array(z.object({ name: z.string() })).optional() })
    .optional(),
  stats: z
    .object({
      numRowsInserted: z.number().optional(),
      numRowsUpdated: z.number().optional(),
      numRowsDeleted: z.number().optional(),
    })
    .optional(),
});

/** A finished statement: its handle, result rows (text) and DML counts where Snowflake gives them. */
export type SnowflakeResult = z.output<typeof statementAnswer>;

/** Snowflake's "statement still running" code (HTTP 202). */
const IN_PROGRESS = new Set(['333333', '333334']);

/** The Snowflake SQL API client. Every method throws ProviderError on failure. */
export class SnowflakeClient {
  private readonly http: ProviderHttp;
  private readonly pollMs: number;
  private readonly timeoutSeconds: number;

  constructor(options: SnowflakeClientOptions) {
    this.pollMs = options.pollMs ?? 500;
    this.timeoutSeconds = options.statementTimeoutSeconds ?? 600;
    this.http = new ProviderHttp({
      provider: 'snowflake',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({
        authorization: `Bearer ${await options.getAccessToken()}`,
        'x-snowflake-authorization-token-type': options.tokenType,
      }),
      readError: (body) => ({ message: stringAt(body, 'message'), code: stringAt(body, 'code') }),
    });
  }

  /**
   * Runs `statement` (`POST /api/v2/statements`) with `bindings` (`?` placeholders, 1-based) in
   * `context`, and waits for it (`GET /api/v2/statements/{handle}` while Snowflake answers 202).
   * `requestId` (a UUID) makes a resend the same request: Snowflake runs it once (`retry=true`).
   */
  async execute(
    statement: string,
    options: {
      bindings?: readonly SnowflakeBinding[];
      context?: SnowflakeContext;
      requestId: string;
      retry?: boolean;
    },
  ): Promise<SnowflakeResult> {
    const c = options.context ?? {};
    const bindings = options.bindings?.length
      ? Object.fromEntries(options.bindings.map((b, i) => [String(i + 1), b]))
      : undefined;
    let answer = await this.http.request({
      method: 'POST',
      path: '/api/v2/statements',
      query: { requestId: options.requestId, retry: options.retry ? 'true' : undefined },
      body: {
        statement,
        timeout: this.timeoutSeconds,
        ...(c.warehouse ? { warehouse: c.warehouse } : {}),
        ...(c.database ? { database: c.database } : {}),
        ...(c.schema ? { schema: c.schema } : {}),
        ...(c.role ? { role: c.role } : {}),
        ...(bindings ? { bindings } : {}),
      },
      schema: statementAnswer,
    });
    const deadline = Date.now() + this.timeoutSeconds * 1000;
    while (answer.code && IN_PROGRESS.has(answer.code)) {
      if (Date.now() > deadline)
        throw new ProviderError({
          provider: 'snowflake',
          code: 'TIMEOUT',
          status: null,
          providerMessage: `statement ${answer.statementHandle} still running after ${this.timeoutSeconds} s`,
          operation: 'GET /api/v2/statements',
        });
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
      answer = await this.http.get(`/api/v2/statements/${seg(answer.statementHandle)}`, statementAnswer);
    }
    return answer;
  }
}

/** Quotes an identifier for Snowflake SQL (`"a""b"`), keeping its case. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The account identifier of a Snowflake URL for key-pair JWTs: the host's first label upper-cased
 * (`https://xy12345.us-east-1.snowflakecomputing.com` → `XY12345`; an org-account name keeps its
 * dash: `myorg-myaccount`).
 */
export function snowflakeAccountOf(url: string): string {
  let host = url;
  try {
    host = new URL(url).hostname;
  } catch {
    // a bare host
  }
  return (host.split('.')[0] ?? '').toUpperCase();
}

/**
 * A key-pair JWT for the SQL API (RS256, one hour): `iss` `<ACCOUNT>.<USER>.SHA256:<public key
 * fingerprint>`, `sub` `<ACCOUNT>.<USER>`. Throws ProviderError UNAUTHORIZED when the private key
 * cannot be read.
 */
export function snowflakeKeyPairJwt(options: {
  account: string;
  user: string;
  privateKeyPem: string;
  now?: number;
}): string {
  let signer: ReturnType<typeof createPrivateKey>;
  try {
    signer = createPrivateKey(options.privateKeyPem);
  } catch {
    throw new ProviderError({
      provider: 'snowflake',
      code: 'UNAUTHORIZED',
      status: null,
      providerMessage: "the account's private key cannot be read (PEM, PKCS#8 unencrypted)",
      operation: 'sign JWT',
    });
  }
  const der = createPublicKey(signer).export({ type: 'spki', format: 'der' });
  const fingerprint = `SHA256:${createHash('sha256').update(der).digest('base64')}`;
  const qualified = `${options.account.toUpperCase()}.${options.user.toUpperCase()}`;
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: `${qualified}.${fingerprint}`, sub: qualified, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(signer, 'base64url')}`;
}
