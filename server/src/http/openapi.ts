import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { documentedInputOf, type Endpoint, errorBodySchema } from '@nomen/shared';
import express, { type Router } from 'express';
import { z } from 'zod';
import { errorStatusesOf } from './error-statuses';

type JsonSchema = Record<string, unknown>;

/** The shared schemas of a document (`components/schemas`), by name. */
type Components = Map<string, JsonSchema>;

const LOCAL_REF = /^#\/\$defs\/(.+)$/;

/**
 * Narrows the JSON Schema of a request schema to what the server enforces:
 * - a schema checked by hand (given by `documentAs`) shows its documented schema;
 * - a pipe that normalises text and then checks it (an email trimmed and lower-cased, then
 *   `z.email()`; a colour lower-cased, then an enum) shows the check's `format`, `pattern` and
 *   `enum` and its shorter `maxLength`, so a client validates what the server refuses;
 * - a number piped into a whole-number check (a query's id or limit) shows `integer` and its bounds.
 */
function narrowInput(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  const documented = documentedInputOf(ctx.zodSchema);
  if (documented) {
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    Object.assign(ctx.jsonSchema, rawJsonSchema(documented, 'input'));
    return;
  }
  const def = ctx.zodSchema._zod.def as { type: string; out?: z.ZodType };
  if (def.type !== 'pipe' || !def.out) return;
  const checked = rawJsonSchema(def.out, 'output');
  const keys =
    ctx.jsonSchema.type === 'string'
      ? STRING_CHECKS
      : ctx.jsonSchema.type === 'number' && checked.type === 'integer'
        ? NUMBER_CHECKS
        : [];
  for (const key of keys) {
    if (checked[key] !== undefined) ctx.jsonSchema[key] = checked[key];
  }
  if (ctx.jsonSchema.type === 'string' && typeof checked.maxLength === 'number') {
    const read = ctx.jsonSchema.maxLength;
    ctx.jsonSchema.maxLength =
      typeof read === 'number' ? Math.min(read, checked.maxLength) : checked.maxLength;
  }
}

/** What a text check adds to the text it reads. */
const STRING_CHECKS = ['format', 'pattern', 'enum'] as const;
/** What a whole-number check adds to a number read from a query (`z.coerce.number().pipe(…)`). */
const NUMBER_CHECKS = ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

function rawJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    ...(io === 'input' ? { override: narrowInput } : {}),
  }) as JsonSchema;
  return rest;
}

/** Replaces every `$ref` of `value` found in `names` (in place). */
function rewriteRefs(value: unknown, names: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const item of value) rewriteRefs(item, names);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const object = value as JsonSchema;
  for (const [key, item] of Object.entries(object)) {
    if (key === '$ref' && typeof item === 'string') {
      const name = names.get(item);
      if (name) object[key] = `#/components/schemas/${name}`;
    } else rewriteRefs(item, names);
  }
}

/**
 * The JSON Schema of a zod schema for the document: the definitions zod puts in a local `$defs`
 * (a recursive schema, e.g. any JSON value) move to `components`, named by a digest of their
 * content so the same definition met in several operations is one component, and their refs
 * point there; a `$ref` left local would resolve to nothing at the document's root.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const { $defs, ...rest } = rawJsonSchema(schema, io) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return rest;
  const names = new Map<string, string>();
  for (const [local, definition] of Object.entries($defs)) {
    // The digest ignores local names, which zod numbers per schema.
    const shape = JSON.stringify(definition, (key, value) =>
      key === '$ref' && typeof value === 'string' && LOCAL_REF.test(value)
        ? value === `#/$defs/${local}`
          ? 'self'
          : value
        : value,
    );
    const digest = createHash('sha256').update(shape).digest('hex').slice(0, 10);
    names.set(`#/$defs/${local}`, `${/^__schema\d+$/.test(local) ? 'Schema' : local}_${digest}`);
  }
  rewriteRefs(rest, names);
  for (const [local, definition] of Object.entries($defs)) {
    rewriteRefs(definition, names);
    components.set(names.get(`#/$defs/${local}`)!, definition);
  }
  return rest;
}

function parametersOf(endpoint: Endpoint, components: Components) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema, 'input', components) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (s.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  for (const header of endpoint.headers ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: { type: 'string' },
    });
  }
  return parameters;
}

/** The media types of an endpoint's success answer. */
function mediaTypesOf(endpoint: Endpoint): readonly string[] {
  const declared = endpoint.responseMediaType ?? 'application/json';
  return typeof declared === 'string' ? [declared] : declared;
}

/**
 * The success answer of an endpoint: its body in each media type; for a redirect (3xx) the
 * Location header `response` describes (every place the browser may be sent), without a body.
 */
function successResponse(e: Endpoint, components: Components): JsonSchema {
  const status = e.status ?? 200;
  if (status >= 300 && status < 400) {
    const location = jsonSchema(e.response, 'output', components);
    return {
      description: `Redirect: ${String(location.description ?? 'see Location')}`,
      headers: { Location: { required: true, schema: location } },
    };
  }
  const schema = jsonSchema(e.response, 'output', components);
  return {
    description: 'Success',
    content: Object.fromEntries(mediaTypesOf(e).map((type) => [type, { schema }])),
  };
}

/**
 * The OpenAPI 3.1 document of every mounted endpoint, generated from the shared zod contracts
 * (ARCHITECTURE.md: the server publishes an API reference generated from the zod schemas). Each
 * operation declares its success answer (status, every media type) and every error status its
 * route can answer (`errorStatusesOf`), each with the one error body; shared definitions
 * (recursive schemas) are in `components/schemas`.
 */
export function openApiDocument(endpoints: readonly Endpoint[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const components: Components = new Map();
  components.set('Error', jsonSchema(errorBodySchema, 'output', components));
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  for (const e of endpoints) {
    const path = e.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const permission =
      e.permission === null
        ? 'public'
        : e.permission === 'signed-in'
          ? 'any signed-in user'
          : `permission ${e.permission}`;
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      tags: [e.tag],
      summary: e.summary,
      description: `Access: ${permission}${e.feature ? `; feature flag ${e.feature}` : ''}${
        e.sessionOnly ? '; browser session only (API tokens answer 403)' : ''
      }.`,
      parameters: parametersOf(e, components),
      ...(e.permission === null
        ? {}
        : { security: e.sessionOnly ? [{ session: [] }] : [{ session: [] }, { apiToken: [] }] }),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: {
                [e.requestMediaType ?? 'application/json']: {
                  schema: jsonSchema(e.body, 'input', components),
                },
              },
            },
          }
        : {}),
      responses: {
        [String(e.status ?? 200)]: successResponse(e, components),
        ...Object.fromEntries(
          [...errorStatusesOf(e)].map(([status, description]) => [
            String(status),
            { description, content: errorContent },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Nomen API',
      version: '1',
      description:
        'Marketing-data governance. Sign in with POST /api/v1/auth/login; the session cookie authenticates the rest. Machine clients send a personal API token (made at /admin/api-tokens) as `Authorization: Bearer <token>` and act with its owner’s rights. Errors answer { message, code, issues? }.',
    },
    paths,
    components: {
      schemas: Object.fromEntries([...components].sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'nomen_session' },
        apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (nomen_pat_…)' },
      },
    },
  };
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Nomen API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

// A file rather than an inline script, so the page passes the Content-Security-Policy (script-src 'self').
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#ui' });\n`;

/** Serves the API reference: /api/docs (page) and /api/docs/openapi.json (document). */
export function docsRoutes(router: Router, endpoints: readonly Endpoint[]): void {
  const require = createRequire(import.meta.url);
  const assets = dirname(require.resolve('swagger-ui-dist/package.json'));
  let document: JsonSchema | undefined;
  router.get('/api/docs/openapi.json', (_req, res) => {
    document ??= openApiDocument(endpoints);
    res.json(document);
  });
  router.use('/api/docs/assets', express.static(assets));
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('text/javascript').send(INIT_SCRIPT);
  });
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
}
