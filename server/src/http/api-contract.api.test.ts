import SwaggerParser from '@apidevtools/swagger-parser';
import { type Endpoint, FEATURE_FLAGS } from '@nomen/shared';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createGeneratorSync } from 'json-schema-faker';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type DocumentOperation,
  type DocumentSchema,
  operationsOf,
  requestBodyOf,
  seedWalkData,
  type WalkedOperation,
  withBody,
} from '../test/api-document';
import { createAccount, createTestContext, isEmbeddedTestRun, signIn } from '../test/test-context';
import { errorStatusesOf } from './error-statuses';

/**
 * The API reference is exact (/api/docs/openapi.json, from which API users generate clients):
 * the document is a valid OpenAPI 3.1 document whose every `$ref` resolves, and a walk of every
 * operation — schema-valid bodies and queries generated from the document itself (seeded
 * json-schema-faker) and mutated ones — gets no 5xx and no status or media type the operation
 * does not declare, and every answer validates (ajv, JSON Schema 2020-12) against the schema
 * declared for its status and media type. Runs on PostgreSQL (`api`) and on the embedded
 * database (`api-embedded`).
 */

const ctx = await createTestContext();
const account = await createAccount(ctx, [...FEATURE_FLAGS]);
const admin = await signIn(ctx, account.admin.email);
const documentRes = await admin.get('/api/docs/openapi.json');
const document = documentRes.body as {
  paths: Record<string, Record<string, DocumentOperation>>;
  components: { schemas: Record<string, DocumentSchema> };
};
const seeded = await seedWalkData(admin);
afterAll(() => ctx.close());

const endpointByName = new Map(
  (ctx.api.endpoints as Endpoint[]).map((e) => [
    `${e.method} ${e.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`,
    e,
  ]),
);

/** The operation `METHOD /path` of the document. */
function operation(method: string, path: string): DocumentOperation {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`No operation ${method} ${path}`);
  return found;
}

/** The schema with the document's components beside it, so `#/components/schemas/…` resolves. */
function withComponents(schema: DocumentSchema): DocumentSchema {
  return { ...schema, components: document.components };
}

describe('the API reference (/api/docs/openapi.json)', () => {
  it('is a valid OpenAPI 3.1 document whose every $ref resolves', async () => {
    expect(documentRes.status).toBe(200);
    // validate() checks the document against the OpenAPI 3.1 schema and resolves every $ref.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(ref).toMatch(/^"\$ref":"#\/components\/schemas\/[^"/]+"$/);
  });

  it('declares for every operation its success answer and every error status its route can answer', () => {
    const operations = operationsOf(document.paths);
    expect(operations.length).toBe(endpointByName.size);
    for (const { name, operation: op } of operations) {
      const endpoint = endpointByName.get(name);
      expect(endpoint, name).toBeDefined();
      const declared = Object.keys(op.responses).map(Number);
      expect(declared, name).toContain(endpoint!.status ?? 200);
      for (const [status] of errorStatusesOf(endpoint!)) {
        expect(declared, `${name} declares ${status}`).toContain(status);
        expect(op.responses[status]?.content?.['application/json']?.schema, `${name} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
  });

  it('declares 413 on the operations with a body, 424/502/504 on provider look-ups, 401/403 where signed in, 429 on rate-limited sign-in', () => {
    for (const [method, path] of [
      ['put', '/api/v1/account/targets/'],
      ['post', '/api/v1/account/targets/{id}/multi-targets'],
      ['post', '/api/v1/account/lists/{id}/delta'],
      ['put', '/api/v1/account/field/'],
      ['put', '/api/v1/account/fieldsets'],
    ] as const)
      expect(Object.keys(operation(method, path).responses), path).toEqual(
        expect.arrayContaining(['400', '413', '415']),
      );
    for (const path of [
      '/api/v1/account/connector/{id}/ga-account',
      '/api/v1/account/connector/{id}/facebook/adaccounts',
      '/api/v1/integrations/bitly/organizations/{connectorId}',
      '/api/v1/integrations/bitly/groups/{connectorId}',
      '/api/v1/integrations/kochava/{connectorId}/app-groups',
    ])
      expect(Object.keys(operation('get', path).responses), path).toEqual(
        expect.arrayContaining(['401', '403', '404', '424', '502', '504']),
      );
    expect(Object.keys(operation('post', '/api/v1/account/connector/{id}/realm/').responses)).toEqual(
      expect.arrayContaining(['424', '502', '504']),
    );
    expect(Object.keys(operation('post', '/api/v1/auth/login').responses)).toEqual(
      expect.arrayContaining(['400', '401', '429']),
    );
    expect(Object.keys(operation('put', '/api/v1/account/lists/').responses)).toEqual(
      expect.arrayContaining(['409', '413', '423', '503']),
    );
  });

  it('declares each media type of the downloads', () => {
    for (const path of [
      '/api/v1/account/datasets/{id}/download',
      '/api/v1/account/reports/download/{report}',
    ])
      expect(Object.keys(operation('get', path).responses['200']!.content!).sort()).toEqual([
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'text/csv',
      ]);
  });

  it('declares the item schema of list_values and of submission rows, and the rules the server enforces', () => {
    const body = (method: string, path: string) =>
      operation(method, path).requestBody!.content['application/json']!.schema as {
        properties: Record<string, DocumentSchema & { items?: DocumentSchema; anyOf?: DocumentSchema[] }>;
      };
    const list = body('put', '/api/v1/account/lists/');
    const cell = (
      list.properties.list_columns!.items as { properties: Record<string, { items: DocumentSchema }> }
    ).properties.list_values!.items;
    expect(cell).toMatchObject({ type: 'object', required: ['row_number', 'value'] });
    for (const [method, path] of [
      ['post', '/api/v1/account/submissions'],
      ['put', '/api/v1/account/submissions/{id}'],
      ['post', '/api/v1/account/submissions/{id}/edit'],
    ] as const) {
      expect(body(method, path).properties.rows!.items, path).toMatchObject({
        type: 'object',
        additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      });
    }
    const rowsArrays = JSON.stringify(document.paths).match(/"rows":\{[^{}]*"type":"array"(?!,"items")/g);
    expect(rowsArrays).toBeNull();
    for (const [method, path] of [
      ['post', '/api/v1/auth/login'],
      ['post', '/api/v1/auth/forgot-password'],
      ['put', '/api/v1/account/user'],
    ] as const)
      expect(body(method, path).properties.email, path).toMatchObject({ format: 'email' });
    for (const [method, path] of [
      ['put', '/api/v1/account/settings'],
      ['put', '/api/v1/account/lists/'],
      ['post', '/api/v1/account/lists/{id}/delta'],
      ['put', '/api/v1/account/fieldsets'],
    ] as const)
      expect(JSON.stringify(body(method, path).properties.updated_at), path).toMatch(
        /"format":"date-time","pattern":/,
      );
    expect(JSON.stringify(body('put', '/api/v1/account/field/').properties.color)).toMatch(/"enum":\["/);
    expect(body('post', '/api/v1/account/api-tokens').properties.name).toMatchObject({ maxLength: 100 });
    const query = (path: string, name: string) =>
      operation('get', path).parameters!.find((p) => p.in === 'query' && p.name === name)!.schema;
    expect(query('/api/v1/account/template/link-validation', 'templateId')).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
    expect(query('/api/v1/account/reports/usage', 'from')).toMatchObject({ format: 'date' });
  });

  it('declares both redirects of the OAuth callback: success and failure', () => {
    const redirect = operation('get', '/api/v1/oauth/callback').responses['302']!;
    expect(redirect.content).toBeUndefined();
    const location = new Ajv2020({ strict: false }).compile(redirect.headers!.Location!.schema);
    expect(location('/admin/accounts?oauth_success=true')).toBe(true);
    expect(location('/admin/accounts?oauth_success=false&message=Authorisation+was+denied')).toBe(true);
    expect(location('/elsewhere')).toBe(false);
  });
});

describe('PUT /api/v1/account/lists/', () => {
  it.each([[null], [5], ['x']])('answers 400 naming the cell for a cell %j', async (cell) => {
    const res = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Bad cell',
      type: 'drop-down',
      list_columns: [{ id: 'lc1', name: 'A', precedence: 0, list_values: [cell] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'body.list_columns.0.list_values.0', message: 'A cell is an object with row_number and value' },
    ]);
  });
});

// --- The walk ---------------------------------------------------------------------------------

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorOf(key: string, schema: DocumentSchema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(withComponents(schema));
    validators.set(key, validate);
  }
  return validate;
}

// Reproducible: the same seed generates the same requests on every run.
const faker = createGeneratorSync({
  seed: 20261128,
  maxItems: 2,
  optionalsProbability: 0.5,
  refDepthMax: 2,
  minDateTime: '2026-01-01',
  maxDateTime: '2026-12-31',
});

function fake(schema: DocumentSchema): unknown {
  return faker.generate(withComponents(schema) as never);
}

/** Every position of a value with what is found there (the root excluded). */
function leaves(value: unknown, at: (string | number)[] = []): { at: (string | number)[]; value: unknown }[] {
  const here = at.length > 0 ? [{ at, value }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => leaves(v, [...at, i]))];
  if (value !== null && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]))];
  return here;
}

function replaced(value: unknown, at: (string | number)[], by: unknown): unknown {
  if (at.length === 0) return by;
  const [head, ...rest] = at as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, by) : v));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

/** A value of another JSON type than `value` (null inside arrays, as a client might send). */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 7;
  if (typeof value === 'number') return 'seven';
  if (typeof value === 'boolean') return 'yes';
  if (value === null) return { x: 1 };
  if (Array.isArray(value)) return [null];
  return [];
}

/** The first id in a list answer (`{ data: [{ id }] }`, `[{ id }]`…), or null. */
function firstIdIn(value: unknown): number | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const id = firstIdIn(item);
      if (id !== null) return id;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const { id } = value as { id?: unknown };
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return id;
  for (const item of Object.values(value)) {
    const found = firstIdIn(item);
    if (found !== null) return found;
  }
  return null;
}

/** An id from each list the walk read, by the list's path without a trailing slash. */
const readIds = new Map<string, number>();

/**
 * An id that exists for an `{id}` path, so reads by id answer 2xx too: one the walk read from the
 * list beside it (`GET /api/v1/account/lists` for `/api/v1/account/lists/{id}`), else one it seeded.
 */
function knownIdFor(path: string): string | null {
  const list = path.slice(0, path.indexOf('{id}')).replace(/\/$/, '');
  const read = readIds.get(list);
  if (read) return String(read);
  if (/\/lists\/\{id\}/.test(path)) return String(seeded.listId);
  if (/\/fieldsets?\/\{id\}/.test(path)) return String(seeded.fieldsetId);
  if (/\/field\/\{id\}|\/patterns?\/\{id\}/.test(path)) return String(seeded.patternId);
  return null;
}

interface WalkRequest {
  path: string;
  body: unknown;
  what: string;
  /** Headers to send besides Content-Type. */
  headers?: Record<string, string>;
}

/** A JSON body just over the default 1 MB body limit. */
const OVERSIZED_BODY = { padding: 'x'.repeat(1024 * 1024 + 16) };

/** The requests of one operation: valid ones generated from its schemas, then mutated ones. */
function requestsOf(walked: WalkedOperation): WalkRequest[] {
  const { path, operation: op } = walked;
  const params = op.parameters ?? [];
  const fill = (usingSeeded: boolean) =>
    path.replace(/\{([A-Za-z_]+)\}/g, (_, name: string) => {
      const knownId = usingSeeded && name === 'id' ? knownIdFor(path) : null;
      if (knownId) return knownId;
      const p = params.find((x) => x.in === 'path' && x.name === name);
      return encodeURIComponent(String(p ? fake(p.schema) : '1'));
    });
  const query = () => {
    const pairs = params
      .filter((p) => p.in === 'query' && (p.required || faker.generate({ type: 'boolean' } as never)))
      .map((p) => {
        const value = fake(p.schema);
        return `${encodeURIComponent(p.name)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;
      });
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  };
  const bodySchema = requestBodyOf(op)?.schema;
  const requests: WalkRequest[] = [];
  const valid = bodySchema ? fake(bodySchema) : undefined;
  requests.push({ path: fill(true) + query(), body: valid, what: 'a valid request' });
  if (bodySchema) {
    requests.push({ path: fill(true) + query(), body: fake(bodySchema), what: 'another valid request' });
    const spots = leaves(valid);
    const spot = spots[Math.floor(spots.length / 2)];
    if (spot)
      requests.push({
        path: fill(true),
        body: replaced(valid, spot.at, wrongType(spot.value)),
        what: `body.${spot.at.join('.')} of another type`,
      });
    else requests.push({ path: fill(true), body: [null], what: 'a body of another type' });
    requests.push({
      path: fill(true),
      body: valid,
      what: 'a body marked compressed',
      headers: { 'Content-Encoding': 'gzip' },
    });
    if (!endpointByName.get(walked.name)?.bodyLimit)
      requests.push({ path: fill(true), body: OVERSIZED_BODY, what: 'a body over 1 MB' });
  } else if (path.includes('{')) {
    requests.push({ path: fill(false) + query(), body: undefined, what: 'generated path parameters' });
  } else if (params.some((p) => p.in === 'query')) {
    requests.push({
      path: `${path}?${params.find((p) => p.in === 'query')!.name}=%00`,
      body: undefined,
      what: 'U+0000 in the query',
    });
  }
  return requests;
}

/** The media type of a Content-Type header, without its parameters. */
function mediaTypeOf(contentType: string | undefined): string | null {
  return contentType ? contentType.split(';')[0]!.trim().toLowerCase() : null;
}

/**
 * What is wrong with an answer against the document: an undeclared status or media type, or a
 * body (or Location) that does not validate against the declared schema. Null when exact.
 */
function mismatchOf(
  walked: WalkedOperation,
  res: { status: number; headers: Record<string, string>; body: unknown; text?: string },
): { kind: 'status' | 'media type' | 'schema'; detail: string } | null {
  const declared = walked.operation.responses[String(res.status)];
  if (!declared) return { kind: 'status', detail: `${res.status} ${res.text?.slice(0, 300) ?? ''}` };
  if (res.status >= 300 && res.status < 400) {
    const location = declared.headers?.Location;
    if (
      location &&
      !validatorOf(`${walked.name} ${res.status} Location`, location.schema)(res.headers.location)
    )
      return { kind: 'schema', detail: `Location ${res.headers.location}` };
    return null;
  }
  const type = mediaTypeOf(res.headers['content-type']);
  if (type === null) return declared.content ? { kind: 'media type', detail: 'no Content-Type' } : null;
  const content = declared.content?.[type];
  if (!content) return { kind: 'media type', detail: `${res.status} ${type}` };
  const key = `${walked.name} ${res.status} ${type}`;
  if (type === 'application/json') {
    const validate = validatorOf(key, content.schema);
    if (!validate(res.body))
      return {
        kind: 'schema',
        detail: `${res.status} ${ajv.errorsText(validate.errors)} in ${JSON.stringify(res.body).slice(0, 300)}`,
      };
  } else if (type === 'application/x-ndjson') {
    const validate = validatorOf(key, content.schema);
    for (const line of (res.text ?? '').split('\n').filter(Boolean))
      if (!validate(JSON.parse(line)))
        return { kind: 'schema', detail: `${ajv.errorsText(validate.errors)} in ${line.slice(0, 200)}` };
  }
  return null;
}

// Operations that would end the walk's own session or its rights are walked last, and sign-out not
// at all (the session is what the rest of the walk uses).
const SKIPPED = new Set(['POST /api/v1/auth/logout']);
const isAboutPeople = (o: WalkedOperation) => /\/(auth|users?|api-tokens?)\b/.test(o.path);
const walkedOperations = operationsOf(document.paths).filter((o) => !SKIPPED.has(o.name));
// Lists are read first, so the reads by id that follow can use the ids they answer.
const isListRead = (o: WalkedOperation) => o.method === 'get' && !o.path.includes('{');
const ordered = [
  ...walkedOperations.filter((o) => isListRead(o) && !isAboutPeople(o)),
  ...walkedOperations.filter((o) => !isListRead(o) && !isAboutPeople(o)),
  ...walkedOperations.filter(isAboutPeople),
];

describe(`every operation answers as the API reference declares (${isEmbeddedTestRun() ? 'embedded database' : 'PostgreSQL'})`, () => {
  it('walks every operation with generated valid and mutated requests: no 5xx, no undeclared status or media type, every answer valid', async () => {
    const serverErrors: string[] = [];
    const undeclared: string[] = [];
    const invalid: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const walked of ordered) {
      for (const r of requestsOf(walked)) {
        let req = admin[walked.method](r.path).buffer(true);
        if (r.headers) req = req.set(r.headers);
        const mediaType = requestBodyOf(walked.operation)?.mediaType ?? 'application/json';
        if (r.body !== undefined) req = withBody(req, mediaType, r.body);
        const res = await req;
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (isListRead(walked) && res.status === 200) {
          const id = firstIdIn(res.body);
          if (id !== null) readIds.set(walked.path.replace(/\/$/, ''), id);
        }
        const line = `${walked.name} with ${r.what} (${r.path})`;
        if (res.status >= 500) serverErrors.push(`${line}: ${res.status} ${res.text?.slice(0, 300)}`);
        const mismatch = mismatchOf(walked, res as never);
        if (mismatch?.kind === 'schema') invalid.push(`${line}: ${mismatch.detail}`);
        else if (mismatch) undeclared.push(`${line}: undeclared ${mismatch.kind} ${mismatch.detail}`);
      }
    }
    console.info(
      `API contract walk (${isEmbeddedTestRun() ? 'embedded' : 'PostgreSQL'}): ${sent} requests over ${ordered.length} operations; ${serverErrors.length} 5xx, ${undeclared.length} undeclared, ${invalid.length} not matching their schema; by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(sent).toBeGreaterThan(ordered.length * 2);
    expect(serverErrors).toEqual([]);
    expect(undeclared).toEqual([]);
    expect(invalid).toEqual([]);
  }, 240_000);
});
