import { FEATURE_FLAGS } from '@nomen/shared';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type DocumentOperation,
  operationsOf,
  requestBodyOf,
  seedWalkData,
  withBody,
} from '../test/api-document';
import { createAccount, createTestContext, signIn } from '../test/test-context';
import { databaseErrorBody } from './errors';

/**
 * Walks every operation of the generated API reference (/api/docs/openapi.json) with hostile
 * input (issue 8 items 12, 13 and the walk that keeps them fixed): path ids out of range, and
 * bodies derived from each request schema with one field at a time set to U+0000, a lone
 * surrogate, an id past the column (2^31, 2^53 − 1, 1e308) or a value of the wrong type. No
 * answer may be 5xx, and a refused request leaves the account's rows as they were. A new
 * endpoint is walked as soon as it is mounted.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
};

// Operations that would end the walk's own session rather than answer about their input.
const SKIPPED = new Set(['POST /api/v1/auth/logout']);

const ctx = await createTestContext();
const account = await createAccount(ctx, [...FEATURE_FLAGS]);
const admin = await signIn(ctx, account.admin.email);
const documentRes = await admin.get('/api/docs/openapi.json');
const paths = documentRes.body.paths as Record<string, Record<string, DocumentOperation>>;
afterAll(() => ctx.close());

/**
 * Picks an option at each union of a schema: `choices` maps a union's place (its key path) to
 * the option taken, the first one otherwise; `seen` collects each union's place and size.
 */
interface Choices {
  picked: Map<string, number>;
  seen: Map<string, number>;
}

/** A plausible value of a schema: defaults, first enum or chosen option, null for an optional id. */
function sample(schema: JsonSchema, key = '', at = '', choices?: Choices): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const isNull = (o: JsonSchema) => o.type === 'null';
    if ((key === 'id' || key === 'updated_at') && options.some(isNull)) return null;
    const real = options.filter((o) => !isNull(o));
    if (real.length > 1) choices?.seen.set(at, real.length);
    const pick = real[choices?.picked.get(at) ?? 0] ?? options[0]!;
    return sample(pick, key, at, choices);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], key, at, choices);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, k, `${at}.${k}`, choices)]),
      );
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        sample(schema.items ?? {}, key, `${at}[]`, choices),
      );
    case 'string':
      if (schema.format === 'email') return 'walk@example.test';
      if (schema.format === 'date') return '2026-01-02';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.pattern?.startsWith('^TEMP_')) return 'TEMP_walk';
      return 'Walk value'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'Walk value';
  }
}

/**
 * Sample bodies of a schema: the first option of every union, then each other option of each
 * union (every governance type of a field, every segment kind of a pattern…).
 */
function samples(schema: JsonSchema): unknown[] {
  const seen = new Map<string, number>();
  const first = sample(schema, '', '', { picked: new Map(), seen });
  const others = [...seen].flatMap(([at, size]) =>
    Array.from({ length: size - 1 }, (_, i) =>
      sample(schema, '', '', { picked: new Map([[at, i + 1]]), seen: new Map() }),
    ),
  );
  return [first, ...others];
}

type Path = (string | number)[];

/** Every position in a value, with the value found there. */
function leaves(value: unknown, at: Path = []): { at: Path; value: unknown }[] {
  const here = at.length > 0 ? [{ at, value }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => leaves(v, [...at, i]))];
  if (value !== null && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]))];
  return here;
}

function replaced(value: unknown, at: Path, by: unknown): unknown {
  if (at.length === 0) return by;
  const [head, ...rest] = at as [string | number, ...Path];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, by) : v));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

const HOSTILE_IDS = [2 ** 31, 2 ** 53 - 1, 1e308];
const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00'];

/** The hostile variants of one position: bad text, ids past the column, wrong types. */
function mutationsOf(value: unknown): unknown[] {
  if (typeof value === 'string') return [...HOSTILE_TEXT, 12];
  if (typeof value === 'number') return [...HOSTILE_IDS, -1, 1.5, '1'];
  if (typeof value === 'boolean') return ['true'];
  if (value === null) return [2 ** 31, '\u0000'];
  if (Array.isArray(value)) return [{}, [2 ** 31], ['\ud800']];
  return [[], 'x'];
}

/** A digest of every row the account owns, to see that a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const id = account.id;
  const { rows } = await sql<{ digest: string }>`select md5(concat_ws('|',
    (select json_agg(a)::text from (select name, settings, feature_flags from accounts where id = ${id}) a),
    (select json_agg(u order by u.id)::text from (select id, name, email, title, role, permissions, location, disabled, updated_at from users where account_id = ${id}) u),
    (select count(*)::text from auth_tokens t join users u on u.id = t.user_id where u.account_id = ${id}),
    (select json_agg(x order by x.id)::text from folders x where account_id = ${id}),
    (select json_agg(x order by x.id)::text from groups x where account_id = ${id}),
    (select json_agg(x)::text from group_users x join groups g on g.id = x.group_id where g.account_id = ${id}),
    (select json_agg(x)::text from group_folders x join groups g on g.id = x.group_id where g.account_id = ${id}),
    (select json_agg(x)::text from group_templates x join groups g on g.id = x.group_id where g.account_id = ${id}),
    (select json_agg(x order by x.id)::text from templates x where account_id = ${id}),
    (select json_agg(x order by x.id)::text from template_fields x where account_id = ${id}),
    (select json_agg(x order by x.id)::text from fieldsets x where account_id = ${id}),
    (select json_agg(x order by x.id)::text from fields x where account_id = ${id}),
    (select json_agg(x)::text from autonumber_counters x join fields f on f.id = x.field_id where f.account_id = ${id}),
    (select count(*)::text from issued_codes x join fields f on f.id = x.field_id where f.account_id = ${id}),
    (select json_agg(x order by x.id)::text from lists x where account_id = ${id}),
    (select json_agg(c order by c.id)::text from list_columns c join lists l on l.id = c.list_id where l.account_id = ${id}),
    (select json_agg(v order by v.id)::text from list_values v where v.list_column_id in
      (select c.id from list_columns c join lists l on l.id = c.list_id where l.account_id = ${id})),
    (select json_agg(x order by x.list_id)::text from list_collab_state x where account_id = ${id}),
    (select count(*)::text from feedback where account_id = ${id}),
    (select json_agg(x order by x.id)::text from connectors x where account_id = ${id}),
    (select json_agg(x order by x.id)::text from connector_custom_fields x where account_id = ${id}),
    (select json_agg(x order by x.id)::text from submissions x where account_id = ${id}),
    (select count(*)::text from submission_rows where account_id = ${id}),
    (select json_agg(x order by x.id)::text from dataset_commits x where account_id = ${id}),
    (select json_agg(x order by x.id)::text from (select id, name, expires_at, revoked_at from api_tokens where account_id = ${id}) x),
    (select count(*)::text from activities where account_id = ${id})
  )) as digest`.execute(ctx.deps.db);
  return rows[0]!.digest;
}

/** Sends one request with the body as raw JSON text, so lone surrogates arrive as `\ud800` escapes. */
async function send(method: string, path: string, body: unknown, mediaType = 'application/json') {
  const m = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const req = admin[m](path);
  if (body === undefined) return req;
  return withBody(req, mediaType, body);
}

/** Fills `{name}` path parameters with `id`. */
function pathWith(template: string, id: string): string {
  return template.replace(/\{[A-Za-z_]+\}/g, id);
}

// Data the walk can meet: a list, a field set with a list field, a pattern, a folder, a group.
await seedWalkData(admin);

const operations = operationsOf(paths);

describe('every operation of the API reference', () => {
  it('covers the API', () => {
    expect(documentRes.status).toBe(200);
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  for (const { name, method, path, operation } of operations) {
    if (SKIPPED.has(name)) continue;
    it(`${name} answers hostile ids, U+0000, lone surrogates and wrong types with no 5xx and no change`, async () => {
      const requestBody = requestBodyOf(operation);
      const bodySchema = requestBody?.schema as JsonSchema | undefined;
      const bases = bodySchema ? samples(bodySchema) : [undefined];
      const base = bases[0];
      const hasId = path.includes('{');
      const requests: { path: string; body: unknown; what: string }[] = [];
      if (hasId) {
        for (const id of ['2147483648', '9007199254740991', '1e308', '-1', '0', 'x%00'])
          requests.push({ path: pathWith(path, id), body: base, what: `path id ${id}` });
      }
      const concrete = pathWith(path, '1');
      if (base !== undefined) {
        for (const whole of [null, 'x', [], 2 ** 31])
          requests.push({ path: concrete, body: whole, what: `body ${JSON.stringify(whole)}` });
      }
      // Other samples differ from the first only under a union: walk just what is new there.
      const walked = new Set<string>();
      const keyOf = (leaf: { at: Path; value: unknown }) => JSON.stringify([leaf.at, leaf.value]);
      for (const [b, body] of bases.entries()) {
        if (body === undefined) continue;
        for (const leaf of leaves(body)) {
          if (walked.has(keyOf(leaf))) continue;
          walked.add(keyOf(leaf));
          for (const bad of mutationsOf(leaf.value))
            requests.push({
              path: concrete,
              body: replaced(body, leaf.at, bad),
              what: `sample ${b}, body.${leaf.at.join('.')} = ${JSON.stringify(bad)}`,
            });
        }
      }
      for (const q of operation.parameters?.filter((p) => p.in === 'query') ?? []) {
        for (const bad of ['%00', 'a%00', '1e308', '2147483648'])
          requests.push({ path: `${concrete}?${q.name}=${bad}`, body: base, what: `query ${q.name}=${bad}` });
      }

      let before = await snapshot();
      for (const r of requests) {
        const res = await send(method, r.path, r.body, requestBody?.mediaType);
        expect(res.status, `${name} with ${r.what}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        const after = await snapshot();
        if (res.status >= 400)
          expect(after, `${name} with ${r.what} was refused but changed data`).toBe(before);
        before = after;
      }
      // A large body (the template save) is hundreds of requests, each followed by a snapshot.
    }, 120_000);
  }
});

describe('the one error handler on database errors (issue 8 item 12)', () => {
  /** The error PostgreSQL raises for `statement`. */
  async function errorOf(statement: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await ctx.deps.db.transaction().execute((trx) => statement.execute(trx));
    } catch (error) {
      return error;
    }
    throw new Error('the statement succeeded');
  }

  it('maps errors caused by input to 4xx without internals, and leaves server faults to 500', async () => {
    const cases: [ReturnType<typeof sql>, number][] = [
      [sql`select ${'2147483648'}::int4`, 400],
      [sql`select ${'abc'}::int4`, 400],
      [sql`select ${'a\u0000b'}::text`, 400],
      [sql`select ${'{"a":"\\u0000"}'}::jsonb ->> 'a'`, 400],
      [sql`insert into lists (account_id, name, type) values (${account.id}, 'x', 'nonsense')`, 400],
      [
        sql`insert into lists (account_id, name, type, powered_template_id) values (${account.id}, 'x', 'drop-down', 2147483647)`,
        404,
      ],
      [
        sql`insert into users (account_id, name, email, role) values (${account.id}, 'x', ${account.admin.email}, 'USER')`,
        409,
      ],
    ];
    for (const [statement, status] of cases) {
      const error = await errorOf(statement);
      const body = databaseErrorBody(error);
      expect(body?.status, String((error as Error).message)).toBe(status);
      expect(JSON.stringify(body)).not.toMatch(/lists|users|constraint|_fkey|_key/);
    }
    expect(databaseErrorBody(await errorOf(sql`select * from no_such_table`))).toBeNull();
  });
});
