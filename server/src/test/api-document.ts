import type { SignedIn } from './test-context';

/** A JSON Schema as the API reference writes it (the parts the walks read). */
export type DocumentSchema = Record<string, unknown>;

/** One operation of the API reference, as the walks read it. */
export interface DocumentOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: DocumentSchema }[];
  requestBody?: { content: { 'application/json': { schema: DocumentSchema } } };
  responses: Record<
    string,
    {
      content?: Record<string, { schema: DocumentSchema }>;
      headers?: Record<string, { required?: boolean; schema: DocumentSchema }>;
    }
  >;
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
}

/**
 * Makes what the API walks meet through the API, as `admin`: a drill-down list with one cell, a
 * folder, a group, a pattern with an autonumber segment and a field set with a list field.
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
  ok(await admin.put('/api/v1/account/folder').send({ name: 'Walk folder' }), 'folder');
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
  return {
    listId: listRes.body.id,
    listColumnId: listRes.body.list_columns[0].id,
    patternId: patternRes.body.pattern.id,
    fieldsetId: fieldsetRes.body.fieldset.id,
  };
}
