import { createVerify } from 'node:crypto';
import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Google Cloud Storage JSON API and Google OAuth token stand-in (tests/standins/README.md).
 * Follows https://cloud.google.com/storage/docs/json_api/v1/objects/insert (simple upload:
 * `POST /upload/storage/v1/b/{bucket}/o?uploadType=media&name=`, the object resource answered,
 * an object of the same name replaced with a new generation), the error envelope of
 * https://cloud.google.com/storage/docs/json_api/v1/status-codes, and the JWT bearer grant of
 * https://developers.google.com/identity/protocols/oauth2/service-account#httprest (`POST /token`,
 * form body; the JWT's RS256 signature checked with the service account's public key, `aud` the
 * token URL; `invalid_grant` otherwise).
 */

/** A service account the token endpoint knows: its email and public key (PEM). */
export interface GcsServiceAccountSeed {
  clientEmail: string;
  publicKeyPem: string;
}

/** An object as stored. */
export interface GcsStoredObject {
  data: Buffer;
  contentType: string;
  generation: number;
}

/** The GCS stand-in server: base URL `standin.url`, token URL `standin.tokenUrl`. */
export class GcsStandin extends StandinServer {
  /** Objects by `bucket/name`. */
  readonly objects = new Map<string, GcsStoredObject>();
  /** Every upload accepted (bucket/name), oldest first. */
  readonly uploads: string[] = [];
  private readonly accounts: GcsServiceAccountSeed[];
  private readonly buckets: Set<string>;
  private tokens = 0;
  private faults = new Map<string, StandinAnswer>();

  /** Answers the next upload of object `bucket/name` with `answer`, once. */
  failUploadOnce(key: string, answer: StandinAnswer): void {
    this.faults.set(key, answer);
  }

  constructor(seed: { accounts: GcsServiceAccountSeed[]; buckets: string[] }) {
    super([]);
    this.accounts = seed.accounts;
    this.buckets = new Set(seed.buckets);
  }

  /** The OAuth token endpoint as GOOGLE_OAUTH_TOKEN_URL holds it. */
  get tokenUrl(): string {
    return `${this.url}/token`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    if (req.path === '/token') return true;
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return gcsError(401, 'Invalid Credentials', 'authError');
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return gcsError(404, `Not Found: ${req.path}`, 'notFound');
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/token', handle: (req) => this.token(req) },
      {
        method: 'POST',
        path: '/upload/storage/v1/b/:bucket/o',
        handle: (req, p) => this.upload(req, p.bucket!),
      },
    ];
  }

  private token(req: StandinRequest): StandinAnswer {
    const form = new URLSearchParams(req.raw.toString('utf8'));
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return { status: 400, body: { error: 'invalid_request', error_description: 'Bad content type' } };
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
      };
    const [h, c, sig] = (form.get('assertion') ?? '').split('.');
    const invalid = (d: string): StandinAnswer => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: d },
    });
    if (!h || !c || !sig) return invalid('Invalid JWT.');
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as Record<string, unknown>;
    const account = this.accounts.find((a) => a.clientEmail === claims.iss);
    if (!account) return invalid('Invalid JWT Signature.');
    const ok = createVerify('RSA-SHA256').update(`${h}.${c}`).verify(account.publicKeyPem, sig, 'base64url');
    if (!ok) return invalid('Invalid JWT Signature.');
    if (claims.aud !== this.tokenUrl)
      return invalid('Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.');
    const now = Date.now() / 1000;
    if (
      typeof claims.exp !== 'number' ||
      claims.exp < now ||
      typeof claims.iat !== 'number' ||
      claims.exp - claims.iat > 3600
    )
      return invalid(
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
      );
    if (!String(claims.scope ?? '').includes('devstorage'))
      return { status: 400, body: { error: 'invalid_scope', error_description: 'Invalid scope' } };
    const token = `ya29.standin-${++this.tokens}`;
    this.validCredentials.add(token);
    return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  }

  private upload(req: StandinRequest, bucket: string): StandinAnswer {
    if (req.query.get('uploadType') !== 'media')
      return gcsError(400, 'Upload requests must include an uploadType URL parameter', 'invalid');
    const name = req.query.get('name');
    if (!name) return gcsError(400, 'Required', 'required');
    if (!this.buckets.has(bucket)) return gcsError(404, 'The specified bucket does not exist.', 'notFound');
    const key = `${bucket}/${name}`;
    const fault = this.faults.get(key);
    if (fault) {
      this.faults.delete(key);
      return fault;
    }
    const generation = (this.objects.get(key)?.generation ?? 0) + 1;
    const contentType = req.headers['content-type'] ?? 'application/octet-stream';
    this.objects.set(key, { data: req.raw, contentType, generation });
    this.uploads.push(key);
    return {
      status: 200,
      body: {
        kind: 'storage#object',
        id: `${bucket}/${name}/${generation}`,
        selfLink: `${this.url}/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}`,
        name,
        bucket,
        generation: String(generation),
        metageneration: '1',
        contentType,
        size: String(req.raw.length),
        timeCreated: new Date().toISOString(),
      },
    };
  }
}

function gcsError(code: number, message: string, reason: string): StandinAnswer {
  return {
    status: code,
    body: { error: { code, message, errors: [{ domain: 'global', reason, message }] } },
  };
}
