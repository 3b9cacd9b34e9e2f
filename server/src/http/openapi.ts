import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { type Endpoint, errorBodySchema } from '@nomen/shared';
import express, { type Router } from 'express';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parametersOf(endpoint: Endpoint) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
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

/**
 * The OpenAPI 3.1 document of every mounted endpoint, generated from the shared zod contracts
 * (ARCHITECTURE.md: the server publishes an API reference generated from the zod schemas).
 */
export function openApiDocument(endpoints: readonly Endpoint[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const errorResponse = {
    content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
  };
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
      parameters: parametersOf(e),
      ...(e.permission === null
        ? {}
        : { security: e.sessionOnly ? [{ session: [] }] : [{ session: [] }, { apiToken: [] }] }),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(e.status ?? 200)]: {
          description: 'Success',
          content: {
            [e.responseMediaType ?? 'application/json']: { schema: jsonSchema(e.response, 'output') },
          },
        },
        '400': { description: 'Bad input: message and issues naming each field', ...errorResponse },
        '401': { description: 'Not signed in', ...errorResponse },
        '403': { description: 'Signed in without the permission', ...errorResponse },
        '404': { description: "Missing, or another account's", ...errorResponse },
        '409': { description: 'Stale write or conflict', ...errorResponse },
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
