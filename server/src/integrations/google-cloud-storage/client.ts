import { createSign } from 'node:crypto';
import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Google Cloud Storage JSON API client (README.md beside this file): uploads an object into a
 * bucket (simple "media" upload, which replaces an object of the same name, so a retried upload
 * leaves one object). Serves issue 12 item 4 (google-cloud push).
 */
export type GcsClientOptions = ProviderClientOptions;

const objectSchema = z.object({
  kind: z.literal('storage#object'),
  name: z.string().min(1),
  bucket: z.string().min(1),
  generation: z.string(),
  size: z.string().optional(),
  contentType: z.string().optional(),
});

/** An object as the insert call answers it (name, bucket, generation, size in bytes as text). */
export type GcsObject = z.output<typeof objectSchema>;

/** Reads Google's JSON error envelope `{ error: { code, message, errors: [{ reason }] } }`. */
function readGoogleError(body: unknown) {
  const errors = (body as { error?: { errors?: { reason?: string }[] } } | null)?.error?.errors;
  return {
    message: stringAt(body, 'error', 'message') ?? stringAt(body, 'error_description'),
    code: errors?.[0]?.reason ?? stringAt(body, 'error', 'status') ?? stringAt(body, 'error'),
  };
}

/** The Cloud Storage client. Every method throws ProviderError on failure. */
export class GcsClient {
  private readonly http: ProviderHttp;

  constructor(options: GcsClientOptions) {
    this.http = new ProviderHttp({
      provider: 'google-cloud-storage',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: readGoogleError,
    });
  }

  /**
   * Uploads `data` as object `name` of `bucket` (`POST /upload/storage/v1/b/{bucket}/o?uploadType=media&name=`),
   * replacing an object of that name. Answers the stored object.
   */
  uploadObject(bucket: string, name: string, data: Uint8Array, contentType: string): Promise<GcsObject> {
    return this.http.request({
      method: 'POST',
      path: `/upload/storage/v1/b/${seg(bucket)}/o`,
      query: { uploadType: 'media', name },
      rawBody: { contentType, data },
      schema: objectSchema,
    });
  }
}

/** The fields of a service account key file (JSON) the client uses. */
export const serviceAccountKeySchema = z.object({
  type: z.literal('service_account'),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  project_id: z.string().optional(),
});

/** A service account key (the `account_key_file` of a Google Cloud Storage account, spec 01 §3.2). */
export type ServiceAccountKey = z.output<typeof serviceAccountKeySchema>;

/** The OAuth scope of read/write access to Cloud Storage objects. */
export const GCS_READ_WRITE_SCOPE = 'https://www.googleapis.com/auth/devstorage.read_write';

/**
 * Parses a key file's text; answers null when it is not a service account key in JSON.
 */
export function parseServiceAccountKey(text: string): ServiceAccountKey | null {
  try {
    const parsed = serviceAccountKeySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * Gets an access token for a service account by the JWT bearer grant: a JWT (RS256, signed with
 * the key's private key; iss the client email, aud the token endpoint, one hour) is posted to
 * `tokenUrl` as `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=…`. Answers the
 * token and when it expires (ms since the epoch). Throws ProviderError (`UNAUTHORIZED` when
 * Google refuses the key: `invalid_grant`, `invalid_client`).
 */
export async function requestServiceAccountToken(options: {
  tokenUrl: string;
  key: ServiceAccountKey;
  scope: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: number;
}): Promise<{ accessToken: string; expiresAt: number }> {
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(options.key.private_key_id ? { kid: options.key.private_key_id } : {}),
  };
  const claims = {
    iss: options.key.client_email,
    scope: options.scope,
    aud: options.tokenUrl,
    iat: now,
    exp: now + 3600,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  let signature: string;
  try {
    signature = createSign('RSA-SHA256').update(unsigned).sign(options.key.private_key, 'base64url');
  } catch {
    throw new ProviderError({
      provider: 'google-oauth',
      code: 'UNAUTHORIZED',
      status: null,
      providerMessage: "the key file's private key cannot sign",
      operation: 'POST token',
    });
  }
  const http = new ProviderHttp({
    provider: 'google-oauth',
    baseUrl: options.tokenUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    authHeaders: async () => ({}),
    readError: (body) => ({
      message: stringAt(body, 'error_description') ?? stringAt(body, 'error'),
      code: stringAt(body, 'error'),
    }),
    // Google answers a refused assertion with 400 invalid_grant (or 401 invalid_client).
    isUnauthorized: (status, body) =>
      status === 401 ||
      ['invalid_grant', 'invalid_client', 'unauthorized_client'].includes(stringAt(body, 'error') ?? ''),
  });
  const form = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: `${unsigned}.${signature}`,
  });
  const answer = await http.request({
    method: 'POST',
    path: '',
    rawBody: { contentType: 'application/x-www-form-urlencoded', data: Buffer.from(form.toString()) },
    schema: z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() }),
  });
  return { accessToken: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000 };
}
