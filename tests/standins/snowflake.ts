import { createHash, createPublicKey, createVerify } from 'node:crypto';
import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Snowflake SQL API v2 stand-in (tests/standins/README.md). Follows
 * https://docs.snowflake.com/en/developer-guide/sql-api/reference (`POST /api/v2/statements`
 * with `statement`, `timeout`, `database`, `schema`, `warehouse`, `role`, `bindings` `{ "1":
 * { type, value } }`, `requestId` and `retry` query parameters; `GET /api/v2/statements/{handle}`),
 * …/handling-responses (200 ResultSet, 202 QueryStatus code 333334, 422 QueryFailureStatus) and
 * …/authenticating (bearer token with `X-Snowflake-Authorization-Token-Type` KEYPAIR_JWT, checked
 * against the user's public key and `iss` `<ACCOUNT>.<USER>.SHA256:<fingerprint>`, or
 * PROGRAMMATIC_ACCESS_TOKEN). A statement with the `requestId` of one already run and
 * `retry=true` answers the first result without running it again.
 * Decision: it runs only the two statement shapes the push sends — `CREATE TABLE IF NOT EXISTS
 * "T" ("C" VARCHAR …)` and `MERGE INTO "T" t USING (SELECT column1 AS "K", … FROM VALUES (?, …), …)
 * s ON t."K" = s."K" …` — on in-memory tables; any other statement is a 422 SQL compilation error.
 */

/** Seed: the account, a user with a public key (key pair), programmatic access tokens. */
export interface SnowflakeSeed {
  account: string;
  user: string;
  publicKeyPem?: string;
  accessTokens?: string[];
  /** Answer the first POST of each statement with 202 (still running), then the result on GET. */
  asyncFirst?: boolean;
}

/** A table: its columns and rows by key (first column). */
export interface SnowflakeTable {
  columns: string[];
  rows: Map<string, (string | null)[]>;
}

/** The Snowflake stand-in server; base URL `standin.url` (SNOWFLAKE_API_URL). */
export class SnowflakeStandin extends StandinServer {
  /** Tables by name (unquoted, case kept). */
  readonly tables = new Map<string, SnowflakeTable>();
  /** Statements run (not answered from a retry), oldest first. */
  readonly executed: { statement: string; requestId: string; context: Record<string, unknown> }[] = [];
  private readonly seed: SnowflakeSeed;
  private readonly results = new Map<string, StandinAnswer>();
  private handles = 0;
  private losing: RegExp | null = null;

  /**
   * Runs the next statement matching `pattern` but answers 503 instead of its result, once: the
   * answer is lost on the way, as when a connection drops (the client must resend it as a retry).
   */
  loseAnswerOnce(pattern: RegExp): void {
    this.losing = pattern;
  }

  constructor(seed: SnowflakeSeed) {
    super(seed.accessTokens ?? []);
    this.seed = seed;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    const type = req.headers['x-snowflake-authorization-token-type'];
    if (!token) return false;
    if (type === 'PROGRAMMATIC_ACCESS_TOKEN') return this.validCredentials.has(token);
    if (type === 'KEYPAIR_JWT' && this.seed.publicKeyPem) return this.jwtValid(token);
    return false;
  }

  private jwtValid(token: string): boolean {
    const [h, c, sig] = token.split('.');
    if (!h || !c || !sig) return false;
    const der = createPublicKey(this.seed.publicKeyPem!).export({ type: 'spki', format: 'der' });
    const qualified = `${this.seed.account}.${this.seed.user}`.toUpperCase();
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as Record<string, unknown>;
    const iss = `${qualified}.SHA256:${createHash('sha256').update(der).digest('base64')}`;
    const now = Date.now() / 1000;
    return (
      claims.iss === iss &&
      claims.sub === qualified &&
      typeof claims.exp === 'number' &&
      claims.exp > now &&
      createVerify('RSA-SHA256').update(`${h}.${c}`).verify(this.seed.publicKeyPem!, sig, 'base64url')
    );
  }

  protected unauthorized(req: StandinRequest): StandinAnswer {
    const jwt = req.headers['x-snowflake-authorization-token-type'] === 'KEYPAIR_JWT';
    return {
      status: 401,
      body: jwt
        ? { code: '390144', message: 'JWT token is invalid.' }
        : { code: '390303', message: 'Invalid OAuth access token.' },
    };
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/api/v2/statements', handle: (req) => this.submit(req) },
      { method: 'GET', path: '/api/v2/statements/:handle', handle: (_req, p) => this.status(p.handle!) },
    ];
  }

  private pending = new Map<string, StandinAnswer>();

  private status(handle: string): StandinAnswer {
    const answer = this.pending.get(handle);
    if (!answer) return { status: 404, body: { code: '000709', message: `Statement ${handle} not found` } };
    this.pending.delete(handle);
    return answer;
  }

  private submit(req: StandinRequest): StandinAnswer {
    const requestId = req.query.get('requestId') ?? '';
    if (requestId && !/^[0-9a-f-]{36}$/i.test(requestId))
      return { status: 400, body: { code: '391902', message: 'requestId must be a UUID' } };
    const previous = this.results.get(requestId);
    if (previous && req.query.get('retry') === 'true') return previous;
    const body = req.body as Record<string, unknown> | undefined;
    if (!body || typeof body.statement !== 'string' || body.statement.trim() === '')
      return { status: 400, body: { code: '391903', message: 'statement is required' } };
    const handle = `01b2c3d4-0000-0000-0000-${String(++this.handles).padStart(12, '0')}`;
    const answer = this.run(body.statement, body.bindings, handle);
    if (answer.status === 200) {
      this.executed.push({
        statement: body.statement,
        requestId,
        context: { ...body, statement: undefined, bindings: undefined },
      });
      if (requestId) this.results.set(requestId, answer);
      if (this.losing?.test(body.statement)) {
        this.losing = null;
        return { status: 503, body: { code: '390505', message: 'Service Unavailable' } };
      }
    }
    if (this.seed.asyncFirst && answer.status === 200) {
      this.pending.set(handle, answer);
      return {
        status: 202,
        body: {
          code: '333334',
          message:
            'Asynchronous execution in progress. Use provided query id to perform query monitoring and management.',
          statementHandle: handle,
          statementStatusUrl: `/api/v2/statements/${handle}`,
        },
      };
    }
    return answer;
  }

  private run(statement: string, bindings: unknown, handle: string): StandinAnswer {
    const values = bindingValues(bindings);
    if ('error' in values) return failure(handle, '002049', values.error, '22000');
    const marks = (statement.replace(/'[^']*'|"[^"]*"/g, '').match(/\?/g) ?? []).length;
    if (marks !== values.list.length)
      return failure(
        handle,
        '002049',
        `SQL compilation error: Bind variable count ${values.list.length} does not match ${marks}`,
        '42601',
      );
    const create = /^CREATE TABLE IF NOT EXISTS ("(?:[^"]|"")+") \((.*)\)$/s.exec(statement);
    if (create) {
      const name = unquote(create[1]!);
      if (!this.tables.has(name)) {
        const columns = [...create[2]!.matchAll(/("(?:[^"]|"")+") VARCHAR/g)].map((m) => unquote(m[1]!));
        this.tables.set(name, { columns, rows: new Map() });
      }
      return success(handle, [['Table successfully created.']], {});
    }
    const merge =
      /^MERGE INTO ("(?:[^"]|"")+") t USING \(SELECT (.*?) FROM VALUES (.*)\) s ON t\.("(?:[^"]|"")+") = s\.\4 .*WHEN NOT MATCHED THEN INSERT \((.*?)\) VALUES/s.exec(
        statement,
      );
    if (merge) {
      const name = unquote(merge[1]!);
      const table = this.tables.get(name);
      if (!table)
        return failure(
          handle,
          '002003',
          `SQL compilation error: Object '${name}' does not exist or not authorized.`,
          '02000',
        );
      const columns = [...merge[5]!.matchAll(/"((?:[^"]|"")+)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
      const width = columns.length;
      let inserted = 0;
      let updated = 0;
      for (let i = 0; i < values.list.length; i += width) {
        const row = values.list.slice(i, i + width);
        const out = table.columns.map((c) => row[columns.indexOf(c)] ?? null);
        const key = String(row[0]);
        if (table.rows.has(key)) updated++;
        else inserted++;
        table.rows.set(key, out);
      }
      return success(handle, [[String(inserted), String(updated)]], {
        numRowsInserted: inserted,
        numRowsUpdated: updated,
      });
    }
    return failure(
      handle,
      '001003',
      'SQL compilation error: syntax error line 1 at position 0 unexpected statement.',
      '42000',
    );
  }
}

function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/""/g, '"');
}

function bindingValues(bindings: unknown): { list: (string | null)[] } | { error: string } {
  if (bindings === undefined) return { list: [] };
  if (typeof bindings !== 'object' || bindings === null) return { error: 'bindings must be an object' };
  const entries = Object.entries(bindings as Record<string, { type?: string; value?: unknown }>);
  const list: (string | null)[] = [];
  for (let i = 1; i <= entries.length; i++) {
    const b = (bindings as Record<string, { type?: string; value?: unknown }>)[String(i)];
    if (!b || !['TEXT', 'FIXED', 'REAL', 'BOOLEAN'].includes(b.type ?? ''))
      return { error: `binding ${i} has no valid type` };
    if (b.value !== null && typeof b.value !== 'string')
      return { error: `binding ${i} value must be a string or null` };
    list.push(b.value as string | null);
  }
  return { list };
}

function success(handle: string, data: string[][], stats: Record<string, number>): StandinAnswer {
  return {
    status: 200,
    body: {
      resultSetMetaData: { numRows: data.length, format: 'jsonv2', rowType: [] },
      data,
      code: '090001',
      statementStatusUrl: `/api/v2/statements/${handle}`,
      requestId: handle,
      sqlState: '00000',
      statementHandle: handle,
      message: 'Statement executed successfully.',
      createdOn: Date.now(),
      ...(Object.keys(stats).length ? { stats } : {}),
    },
  };
}

function failure(handle: string, code: string, message: string, sqlState: string): StandinAnswer {
  return { status: 422, body: { code, message, sqlState, statementHandle: handle } };
}
