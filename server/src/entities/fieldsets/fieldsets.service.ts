import {
  AppError,
  type Field,
  type FieldId,
  type FieldSaveParsed,
  type Fieldset,
  type FieldsetSaveParsed,
  type FieldsetSummary,
  GOVERNANCE_SETTINGS_KEYS,
  mapGovernanceReferences,
  mayRequireUniqueness,
  UNIQUE_NOT_ALLOWED_MESSAGE,
} from '@nomen/shared';
import type { Database, FieldRow, FieldsetRow } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import * as fieldsRepo from '../fields/fields.repository';
import { assertAllFound, assertNotStale } from '../guards';
import * as listsRepo from '../lists/lists.repository';
import * as repo from './fieldsets.repository';

function toField(row: FieldRow, powering: ReadonlySet<number>): Field {
  return {
    ...(row.settings as object),
    id: row.id,
    name: row.name,
    description: row.description,
    governance_type: row.governance_type,
    required: row.required,
    must_be_unique: row.must_be_unique,
    fieldset_id: row.fieldset_id!,
    precedence: row.precedence,
    updated_at: row.updated_at.toISOString(),
    powers_list: powering.has(row.id),
  } as Field;
}

async function toFieldset(trx: Transaction<Database> | AppDeps['db'], set: FieldsetRow): Promise<Fieldset> {
  const rows = await fieldsRepo.fieldsOfFieldsets(trx, [set.id]);
  const powering = new Set(
    (
      await fieldsRepo.listsPoweredByFields(
        trx,
        rows.map((r) => r.id),
      )
    ).map((p) => p.field_id),
  );
  const fields = rows.map((r) => toField(r, powering));
  return {
    id: set.id,
    name: set.name,
    description: set.description,
    updated_at: set.updated_at.toISOString(),
    powers_list: fields.some((f) => f.powers_list),
    fields,
  };
}

function audited(set: Fieldset) {
  return {
    name: set.name,
    description: set.description,
    fields: set.fields.map((f) => `${f.name} (${f.governance_type})`),
  };
}

/** The account's field sets (spec 02 §2). */
export async function listFieldsets(deps: AppDeps, actor: Actor): Promise<{ data: FieldsetSummary[] }> {
  const [rows, counts, powering] = await Promise.all([
    repo.listFieldsets(deps.db, actor.accountId),
    fieldsRepo.fieldCountsByFieldset(deps.db, actor.accountId),
    fieldsRepo.fieldsetsPoweringLists(deps.db, actor.accountId),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      updated_at: r.updated_at.toISOString(),
      field_count: counts.get(r.id) ?? 0,
      powers_list: powering.has(r.id),
    })),
  };
}

/** One field set with its fields; 404 when not in the account. */
export async function getFieldset(deps: AppDeps, actor: Actor, id: number): Promise<{ fieldset: Fieldset }> {
  const [set] = await repo.findFieldsets(deps.db, actor.accountId, [id]);
  if (!set) throw AppError.notFound('Field set');
  return { fieldset: await toFieldset(deps.db, set) };
}

/** The stored settings of a field (its type's keys), with references to other fields resolved to saved ids. */
function settingsOf(field: FieldSaveParsed, resolve: (id: FieldId, path: string) => number, path: string) {
  const resolved = mapGovernanceReferences(field, (id, at) => resolve(id, `${path}.${at}`));
  const settings: Record<string, unknown> = {};
  for (const key of GOVERNANCE_SETTINGS_KEYS[field.governance_type])
    settings[key] = (resolved as Record<string, unknown>)[key];
  return settings;
}

/**
 * Saves a field set with all its fields in one transaction with an activity entry (spec 02 §2,
 * §4, §5). Errors: 404 (set, field or list not in the account), 409 (stale write), 400 (a
 * column not in its list, a reference to a field outside the set, an autofill of itself, a
 * unique value asked of a field other than text or concatenation, or deleting a field that
 * powers a list, naming the list).
 */
export async function saveFieldset(
  deps: AppDeps,
  actor: Actor,
  input: FieldsetSaveParsed,
): Promise<{ fieldset: Fieldset }> {
  return deps.db.transaction().execute(async (trx) => {
    let before: Fieldset | null = null;
    let set: FieldsetRow;
    const values = { name: input.name, description: input.description };
    if (input.id) {
      const [found] = await repo.findFieldsets(trx, actor.accountId, [input.id], true);
      if (!found) throw AppError.notFound('Field set');
      assertNotStale(found.updated_at, input.updated_at, 'field set');
      before = await toFieldset(trx, found);
      set = await repo.updateFieldset(trx, found.id, values);
    } else {
      set = await repo.insertFieldset(trx, actor.accountId, values);
    }
    await deleteRemovedFields(trx, input, before?.fields ?? []);
    await assertFieldSettingsFit(trx, actor, input);
    await writeFields(trx, actor, set.id, input);

    const fieldset = await toFieldset(trx, set);
    await recordActivity(trx, actor, {
      configuredObject: 'field set',
      objectName: fieldset.name,
      objectId: fieldset.id,
      before: before && audited(before),
      after: audited(fieldset),
    });
    return { fieldset };
  });
}

/**
 * Deletes the saved fields the save leaves out. Errors: 404 (a kept id not in the set), 400 (a
 * removed field powers a list, naming the list; spec 02 §5).
 */
async function deleteRemovedFields(
  trx: Transaction<Database>,
  input: FieldsetSaveParsed,
  existing: readonly Field[],
): Promise<void> {
  const keptIds = input.fields.flatMap((f) => (typeof f.id === 'number' ? [f.id] : []));
  assertAllFound(
    keptIds,
    existing.map((f) => f.id),
    'Fields',
  );
  const removed = existing.filter((f) => !keptIds.includes(f.id));
  const powering = removed.find((f) => f.powers_list);
  if (powering) {
    const [list] = await fieldsRepo.listsPoweredByFields(trx, [powering.id]);
    throw AppError.badField(
      'body.fields',
      `${powering.name} powers the list "${list?.list_name ?? ''}" and cannot be deleted.`,
    );
  }
  await fieldsRepo.deleteFields(
    trx,
    removed.map((f) => f.id),
  );
}

/**
 * Refuses (naming the field) a list field whose list is not in the account (404) or whose
 * column is not in its list (400), and a unique value asked of a field that may not require one
 * (400).
 */
async function assertFieldSettingsFit(
  trx: Transaction<Database>,
  actor: Actor,
  input: FieldsetSaveParsed,
): Promise<void> {
  const listIds = [
    ...new Set(
      input.fields.flatMap((f) => (f.governance_type === 'list' ? [f.list_governance.list_id] : [])),
    ),
  ];
  const columns = await listsRepo.columnIdsOfLists(trx, actor.accountId, listIds);
  assertAllFound(listIds, [...columns.keys()], 'Lists');
  const mayBeUnique = actor.features.includes('require-uniqueness');
  input.fields.forEach((f, i) => {
    if (
      f.governance_type === 'list' &&
      !columns.get(f.list_governance.list_id)?.includes(f.list_governance.list_column_id)
    ) {
      throw AppError.badField(
        `body.fields.${i}.list_governance.list_column_id`,
        'Choose a column of the chosen list',
      );
    }
    if (f.must_be_unique && !mayRequireUniqueness(f.governance_type, mayBeUnique)) {
      throw AppError.badField(`body.fields.${i}.must_be_unique`, UNIQUE_NOT_ALLOWED_MESSAGE);
    }
  });
}

/** A field's stored values without its settings, at position `i` of the set. */
function fieldBase(f: FieldSaveParsed, i: number): fieldsRepo.FieldValues {
  return {
    name: f.name,
    description: f.description,
    governance_type: f.governance_type,
    required: f.required,
    must_be_unique: f.must_be_unique,
    precedence: i,
    settings: {},
  };
}

/**
 * Inserts the new fields and stores every field's settings. First pass: every field gets its
 * saved id; second pass stores settings with references resolved. 400 for a reference to a
 * field outside the set or to the field itself.
 */
async function writeFields(
  trx: Transaction<Database>,
  actor: Actor,
  setId: number,
  input: FieldsetSaveParsed,
): Promise<void> {
  const savedIds = new Map<string, number>();
  for (const [i, f] of input.fields.entries()) {
    const id =
      typeof f.id === 'number'
        ? f.id
        : await fieldsRepo.insertFieldsetField(trx, actor.accountId, setId, fieldBase(f, i));
    savedIds.set(String(f.id), id);
  }
  for (const [i, f] of input.fields.entries()) {
    const self = savedIds.get(String(f.id))!;
    const resolve = (ref: FieldId, path: string) => {
      const id = savedIds.get(String(ref));
      if (id === undefined) throw AppError.badField(`body.${path}`, 'Choose a field of this field set');
      if (id === self) throw AppError.badField(`body.${path}`, 'A field cannot use itself');
      return id;
    };
    await fieldsRepo.updateField(trx, self, {
      ...fieldBase(f, i),
      settings: settingsOf(f, resolve, `fields.${i}`),
    });
  }
}

/**
 * Deletes field sets with their fields, all or nothing (spec 02 §2, §8). 404 for unknown ids;
 * 400 "… powers the List …" when a set has a field that powers a list.
 */
export async function deleteFieldsets(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const sets = await repo.findFieldsets(trx, actor.accountId, ids, true);
    assertAllFound(
      ids,
      sets.map((s) => s.id),
      'Field sets',
    );
    const fields = await fieldsRepo.fieldsOfFieldsets(trx, ids);
    const [powered] = await fieldsRepo.listsPoweredByFields(
      trx,
      fields.map((f) => f.id),
    );
    if (powered) {
      const field = fields.find((f) => f.id === powered.field_id)!;
      const set = sets.find((s) => s.id === field.fieldset_id)!;
      throw new AppError(
        'BAD_REQUEST',
        `The field set "${set.name}" cannot be deleted: its field ${field.name} powers the List "${powered.list_name}".`,
      );
    }
    const snapshots = await Promise.all(sets.map((s) => toFieldset(trx, s)));
    await repo.deleteFieldsets(trx, actor.accountId, ids);
    await recordActivity(
      trx,
      actor,
      ...snapshots.map((s) => ({
        configuredObject: 'field set' as const,
        objectName: s.name,
        objectId: s.id,
        before: audited(s),
        after: null,
      })),
    );
  });
  return { ok: true };
}
