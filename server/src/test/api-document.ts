import { addPatternField, newTemplate } from '@nomen/shared';
import type { SignedIn } from './test-context';

/** A JSON Schema as the API reference writes it (the parts the walks read). */
export type DocumentSchema = Record<string, unknown>;

/** One operation of the API reference, as the walks read it. */
export interface DocumentOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: DocumentSchema }[];
  /** The body in its one media type: application/json, or an HTML form's (the SAML ACS). */
  requestBody?: { content: Record<string, { schema: DocumentSchema }> };
  responses: Record<
    string,
    {
      content?: Record<string, { schema: DocumentSchema }>;
      headers?: Record<string, { required?: boolean; schema: DocumentSchema }>;
    }
  >;
}

/** An operation's request body schema and media type, or null when it takes none. */
export function requestBodyOf(op: DocumentOperation): { mediaType: string; schema: DocumentSchema } | null {
  const [entry] = Object.entries(op.requestBody?.content ?? {});
  return entry ? { mediaType: entry[0], schema: entry[1].schema } : null;
}

/** A request that can carry a body (supertest's). */
interface BodyRequest<T> {
  set(name: string, value: string): T;
  type(type: string): T;
  send(body: string | object): T;
}

/**
 * Sends `body` in the operation's media type: JSON, or a form whose fields are the body's keys
 * (each value as text; a body that is not an object goes as its JSON text).
 */
export function withBody<T extends BodyRequest<T>>(req: T, mediaType: string, body: unknown): T {
  if (mediaType !== 'application/x-www-form-urlencoded') {
    return req.set('Content-Type', 'application/json').send(JSON.stringify(body));
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return req.type('form').send(JSON.stringify(body));
  }
  const fields = Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
  return req.type('form').send(Object.fromEntries(fields));
}

/** An operation of the API reference with its method and path (`{name}` parameters). */
export interface WalkedOperation {
  /** `METHOD /path`, e.g. `PUT /api/v1/account/lists/`. */
  name: string;
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  operation: DocumentOperation;
}

/** Every operation of an OpenAPI document's `paths`, in document order. */
export function operationsOf(paths: Record<string, Record<string, DocumentOperation>>): WalkedOperation[] {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method as WalkedOperation['method'],
      path,
      operation,
    })),
  );
}

/** The ids of what `seedWalkData` made. */
export interface WalkData {
  listId: number;
  listColumnId: number;
  patternId: number;
  fieldsetId: number;
  /** A Draft through a template of the walk's pattern, shared with everyone (a shared draft's room). */
  draftId: number;
}

/**
 * Makes what the API walks meet through the API, as `admin`: a drill-down list with one cell, a
 * folder, a group, a pattern with an autonumber segment, a field set with a list field, and a
 * template of the pattern with a Draft shared with everyone (`seedSharedDraft`).
 * Answers their ids; throws when a save is refused.
 */
export async function seedWalkData(admin: SignedIn): Promise<WalkData> {
  const ok = <T extends { status: number; body: unknown }>(res: T, what: string): T => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  const listRes = ok(
    await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Walk list',
      type: 'drill-down',
      list_columns: [
        { id: 'lc1', name: 'A', precedence: 0, list_values: [{ id: 'lv1', row_number: 0, value: 'x' }] },
      ],
    }),
    'list',
  );
  const folderRes = ok(await admin.put('/api/v1/account/folder').send({ name: 'Walk folder' }), 'folder');
  ok(await admin.post('/api/v1/account/groups/merge-or-create').send({ name: 'Walk group' }), 'group');
  const patternRes = ok(
    await admin.put('/api/v1/account/field/').send({
      name: 'Walk pattern',
      delimiter: '_',
      segments: [
        {
          id: 'TEMP_a',
          segment_type: 'autonumber',
          segment_precedence: 0,
          name: 'N',
          start_value: 1,
          min_width: 3,
        },
      ],
    }),
    'pattern',
  );
  const fieldsetRes = ok(
    await admin.put('/api/v1/account/fieldsets').send({
      name: 'Walk set',
      fields: [
        {
          id: 'TEMP_f',
          name: 'Walk field',
          governance_type: 'list',
          list_governance: { list_id: listRes.body.id, list_column_id: listRes.body.list_columns[0].id },
        },
      ],
    }),
    'field set',
  );
  const draftId = await seedSharedDraft(admin, patternRes.body.pattern, folderRes.body.folder.id, ok);
  return {
    draftId,
    listId: listRes.body.id,
    listColumnId: listRes.body.list_columns[0].id,
    patternId: patternRes.body.pattern.id,
    fieldsetId: fieldsetRes.body.fieldset.id,
  };
}

/**
 * A template of `pattern` in folder `folderId` and a Draft of one row through it, shared with everyone, so the walk's
 * reads by id meet a shared draft (its sharing, candidates, room token and rows from its room).
 */
async function seedSharedDraft(
  admin: SignedIn,
  pattern: Parameters<typeof addPatternField>[1],
  folderId: number,
  ok: <T extends { status: number; body: unknown }>(res: T, what: string) => T,
): Promise<number> {
  const draft = addPatternField(newTemplate({ templateName: 'Walk', now: new Date() }), pattern);
  const template = ok(
    await admin.put('/api/v1/account/template/').send({
      ...draft,
      name: 'Walk template',
      folder_id: folderId,
      integrations: [],
      settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
      approvers: [],
    }),
    'template',
  );
  const submission = ok(
    await admin
      .post('/api/v1/account/submissions')
      .send({ template_id: template.body.id, name: 'Walk draft', rows: [{}], draft: true }),
    'draft',
  );
  ok(
    await admin
      .put(`/api/v1/account/submissions/${submission.body.id}/sharing`)
      .send({ everyone: true, user_ids: [] }),
    'sharing',
  );
  return submission.body.id;
}
