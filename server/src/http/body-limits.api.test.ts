import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  LIST_DELTA_BODY_LIMIT,
  LIST_MAX_COLUMNS,
  LIST_MAX_ROWS,
  LIST_SAVE_BODY_LIMIT,
  SUBMISSION_BODY_LIMIT,
  SUBMISSION_MAX_ROWS,
  UNIQUENESS_BODY_LIMIT,
} from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFixtures } from '../entities/submissions/submissions.fixtures';
import {
  createAccount,
  createTestContext,
  signIn,
  TEST_PASSWORD,
  type TestAccount,
  type TestContext,
} from '../test/test-context';

/**
 * Body limits per operation (ARCHITECTURE.md, "Limits on what comes in"; README "Security"):
 * each large-body route answers 413 naming its limit, arrays past their count are refused while
 * the body arrives, a legal body of the stated size is taken, and large bodies are few at a time.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { message?: string; code?: string; row_count?: number; id?: number };
}

interface Server {
  base: URL;
  close(): Promise<void>;
}

async function listen(ctx: TestContext): Promise<Server> {
  const server = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: new URL(`http://127.0.0.1:${port}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function sessionCookie(server: Server, email: string): Promise<string> {
  const res = await fetch(new URL('/api/v1/auth/login', server.base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/**
 * Sends a JSON body in `chunks` (with `contentLength` declared, else chunked) and resolves with
 * the answer as soon as it comes, even while the body is still being sent. `hold` keeps the body
 * open after the chunks until it resolves; `after` is sent then.
 */
function send(
  server: Server,
  cookie: string,
  method: string,
  path: string,
  chunks: Iterable<string | Buffer>,
  options: {
    contentLength?: number;
    hold?: Promise<void>;
    after?: Iterable<string | Buffer>;
    /** Send only the chunks of a longer declared body, and drop the connection once answered. */
    partial?: boolean;
  } = {},
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', cookie };
    if (options.contentLength !== undefined) headers['content-length'] = options.contentLength;
    const req = httpRequest(new URL(path, server.base), { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        if (options.partial) req.destroy();
        const text = Buffer.concat(parts).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {} });
      });
      res.on('error', reject);
    });
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    // The server closes the connection after refusing a body; what was still being sent fails.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = async (parts: Iterable<string | Buffer>) => {
      for (const chunk of parts) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk)) await new Promise<void>((r) => req.once('drain', () => r()));
      }
    };
    void (async () => {
      await write(chunks);
      if (options.hold) await options.hold;
      await write(options.after ?? []);
      if (!answered && !req.destroyed && !options.partial) req.end();
    })().catch(() => undefined);
  });
}

/** A JSON body of `count` array items, built lazily in 1 MB chunks. */
function* arrayBody(head: string, item: string, count: number, tail: string): Generator<string> {
  let chunk = head;
  for (let i = 0; i < count; i++) {
    chunk += i === 0 ? item : `,${item}`;
    if (chunk.length >= 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + tail;
}

function megabytes(bytes: number): string {
  return `${bytes / (1024 * 1024)} MB`;
}

let ctx: TestContext;
let server: Server;
let account: TestAccount;
let cookie: string;
let templateId: number;
let campaignField: number;
let regionField: number;
let countryField: number;
let listId: number;

async function submissionCount(): Promise<number> {
  const row = await ctx.deps.db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', account.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  ctx = await createTestContext();
  server = await listen(ctx);
  account = await createAccount(ctx);
  const admin = await signIn(ctx, account.admin.email);
  const fixtures = await submissionFixtures(admin);
  const template = await fixtures.makeTemplate();
  templateId = template.id;
  campaignField = template.fields.Campaign!;
  regionField = template.fields.Region!;
  countryField = template.fields.Country!;
  listId = fixtures.listId;
  cookie = await sessionCookie(server, account.admin.email);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('large-body operations', () => {
  const routes = () =>
    [
      ['POST', '/api/v1/account/submissions', SUBMISSION_BODY_LIMIT],
      ['PUT', '/api/v1/account/submissions/1', SUBMISSION_BODY_LIMIT],
      ['POST', '/api/v1/account/submissions/1/edit', SUBMISSION_BODY_LIMIT],
      ['POST', '/api/v1/account/submissions/uniqueness', UNIQUENESS_BODY_LIMIT],
      ['PUT', '/api/v1/account/lists/', LIST_SAVE_BODY_LIMIT],
      ['POST', `/api/v1/account/lists/${listId}/delta`, LIST_DELTA_BODY_LIMIT],
    ] as const;

  it('answer 413 naming the limit when the declared body is larger, before reading it', async () => {
    for (const [method, path, limit] of routes()) {
      // Only the first 64 KB are sent: the answer must not wait for the rest.
      const res = await send(server, cookie, method, path, ['{"rows":[', ' '.repeat(64 * 1024)], {
        contentLength: limit + 1,
        partial: true,
      });
      expect(res.status, `${method} ${path}`).toBe(413);
      expect(res.body.message).toBe(
        `The request body is larger than the ${megabytes(limit)} this operation accepts`,
      );
    }
    expect(await submissionCount()).toBe(0);
  });

  it('answers 413 when a body without a declared length grows past the limit, and stores nothing', async () => {
    const row = JSON.stringify({ [campaignField]: 'x'.repeat(1990), [regionField]: 'y'.repeat(1990) });
    const rows = Math.ceil(SUBMISSION_BODY_LIMIT / row.length) + 10;
    expect(rows).toBeLessThanOrEqual(SUBMISSION_MAX_ROWS);
    const res = await send(
      server,
      cookie,
      'POST',
      '/api/v1/account/submissions',
      arrayBody(`{"template_id":${templateId},"name":"Huge","draft":true,"rows":[`, row, rows, ']}'),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      `The request body is larger than the ${megabytes(SUBMISSION_BODY_LIMIT)} this operation accepts`,
    );
    expect(await submissionCount()).toBe(0);
  });

  it('refuses more than 50,000 rows while the body arrives (413), not after parsing it', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/account/submissions'],
      ['PUT', '/api/v1/account/submissions/1'],
      ['POST', '/api/v1/account/submissions/1/edit'],
    ] as const) {
      const res = await send(
        server,
        cookie,
        method,
        path,
        arrayBody(`{"template_id":${templateId},"name":"Many","rows":[`, '{}', SUBMISSION_MAX_ROWS + 1, ']}'),
      );
      expect(res.status, `${method} ${path}`).toBe(413);
      expect(res.body.message).toBe(
        'The request body holds more than 50,000 rows; this operation accepts at most 50,000',
      );
    }
    expect(await submissionCount()).toBe(0);
  });

  it('refuses a list column of more than 10,000 cells while the body arrives (413)', async () => {
    const res = await send(
      server,
      cookie,
      'PUT',
      '/api/v1/account/lists/',
      arrayBody(
        '{"id":null,"name":"Tall","type":"drop-down","list_columns":[{"id":null,"name":"C","precedence":0,"list_values":[',
        '{"row_number":1,"value":"x"}',
        LIST_MAX_ROWS + 1,
        ']}]}',
      ),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      'The request body holds more than 10,000 cells in a column; this operation accepts at most 10,000',
    );
    const names = await ctx.deps.db
      .selectFrom('lists')
      .select('name')
      .where('account_id', '=', account.id)
      .execute();
    expect(names.map((n) => n.name)).not.toContain('Tall');
  });

  it('takes a 50,000-row submission of the stated largest size (about 82 MB)', async () => {
    const row = JSON.stringify({
      [campaignField]: 'c'.repeat(1600),
      [regionField]: 'Europe',
      [countryField]: 'France',
    });
    const body = [
      ...arrayBody(
        `{"template_id":${templateId},"name":"Largest draft","draft":true,"rows":[`,
        row,
        SUBMISSION_MAX_ROWS,
        ']}',
      ),
    ];
    const size = body.reduce((n, part) => n + Buffer.byteLength(part), 0);
    expect(size).toBeGreaterThan(75 * 1024 * 1024);
    expect(size).toBeLessThan(SUBMISSION_BODY_LIMIT);
    const res = await send(server, cookie, 'POST', '/api/v1/account/submissions', body, {
      contentLength: size,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.row_count).toBe(SUBMISSION_MAX_ROWS);
  }, 180_000);

  it('takes a full save of a 10,000 x 100 list of 64-character values (about 95 MB)', async () => {
    const value = JSON.stringify('v'.repeat(64));
    const parts = ['{"id":null,"name":"Largest list","notes":"","type":"drill-down","list_columns":['];
    for (let c = 0; c < LIST_MAX_COLUMNS; c++) {
      const cells: string[] = [];
      for (let r = 0; r < LIST_MAX_ROWS; r++) cells.push(`{"row_number":${r},"value":${value}}`);
      parts.push(
        `${c === 0 ? '' : ','}{"id":null,"name":"Column ${c}","precedence":${c},"list_values":[${cells.join(',')}]}`,
      );
    }
    parts.push(']}');
    const size = parts.reduce((n, part) => n + Buffer.byteLength(part), 0);
    expect(size).toBeGreaterThan(90 * 1024 * 1024);
    expect(size).toBeLessThan(LIST_SAVE_BODY_LIMIT);
    const res = await send(server, cookie, 'PUT', '/api/v1/account/lists/', parts, { contentLength: size });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }, 180_000);
});

describe('large bodies at once', () => {
  let busy: TestContext;
  let busyServer: Server;
  let busyCookie: string;

  beforeAll(async () => {
    busy = await createTestContext({ LARGE_BODY_CONCURRENCY: '1', LARGE_BODY_QUEUE: '0' });
    busyServer = await listen(busy);
    const other = await createAccount(busy);
    busyCookie = await sessionCookie(busyServer, other.admin.email);
  });
  afterAll(async () => {
    await busyServer?.close();
    await busy?.close();
  });

  it('answers 503 with Retry-After while the places for large bodies are taken, and small ones pass', async () => {
    const size = 2 * 1024 * 1024;
    const head = '{"id":null,"name":"Held","type":"drop-down","notes":"';
    const tail = '"}';
    const filler = 'n'.repeat(size - head.length - tail.length);
    let release: () => void = () => undefined;
    const held = send(busyServer, busyCookie, 'PUT', '/api/v1/account/lists/', [head], {
      contentLength: size,
      after: [filler, tail],
      hold: new Promise<void>((r) => {
        release = r;
      }),
    });
    // Until the held body has its place, a probe may take it and finish; then it is refused.
    let refused: Answer | null = null;
    await expect
      .poll(
        async () => {
          refused = await send(
            busyServer,
            busyCookie,
            'PUT',
            '/api/v1/account/lists/',
            [head, filler, tail],
            {
              contentLength: size,
            },
          );
          return refused.status;
        },
        { timeout: 10_000 },
      )
      .toBe(503);
    expect(refused!.headers['retry-after']).toBe('5');
    expect(refused!.body.message).toContain('other large requests');
    const small = await send(busyServer, busyCookie, 'GET', '/api/v1/account/lists/', []);
    expect(small.status).toBe(200);

    release();
    // The held body is read to its end: the notes are too long for a list, so it is refused whole.
    expect((await held).status).toBe(400);
    const after = await send(busyServer, busyCookie, 'PUT', '/api/v1/account/lists/', [head, filler, tail], {
      contentLength: size,
    });
    expect(after.status).toBe(400);
  });
});
