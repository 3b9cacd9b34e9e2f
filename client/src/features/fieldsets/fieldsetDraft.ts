import {
  DATE_FORMAT_DEFAULTS,
  defaultGovernanceSettings,
  describeSegment,
  type Field,
  type FieldId,
  type FieldSave,
  type Fieldset,
  fieldSaveSchema,
  type GovernanceType,
  governanceReferences,
  type Issue,
  mapGovernanceReferences,
  UNIQUE_CAPABLE_TYPES,
} from '@nomen/shared';
import { newTempId } from '../patterns/patternDraft';

/**
 * The field-set editor's working copy (spec 02 §2, §3, §4): name, description and every field
 * in order, held locally until the whole set is saved. New fields carry TEMP_ ids; `id` is null
 * until the first save; `updated_at` is the value read, sent back so a stale save answers 409.
 */
export interface FieldsetDraft {
  id: number | null;
  name: string;
  description: string;
  updated_at: string | null;
  fields: FieldSave[];
}

/** A new, empty field set (spec 02 §2: /admin/fieldsets/new/fields). */
export function emptyFieldsetDraft(): FieldsetDraft {
  return { id: null, name: '', description: '', updated_at: null, fields: [] };
}

/** A new field of `type` with a TEMP_ id and that type's default settings (spec 02 §2: add field). */
export function newField(type: GovernanceType = 'text', id: string = newTempId()): FieldSave {
  return {
    id,
    name: '',
    description: '',
    required: false,
    must_be_unique: false,
    ...defaultGovernanceSettings(type),
  } as FieldSave;
}

/**
 * The field with another governance type (spec 02 §2: the field drawer's type choice): name,
 * description, required and id stay; the settings are that type's defaults (the field's own when
 * the type is unchanged); must_be_unique is dropped for types that cannot require it.
 */
export function withGovernanceType(field: FieldSave, type: GovernanceType): FieldSave {
  if (field.governance_type === type) return field;
  return {
    id: field.id,
    name: field.name,
    description: field.description,
    required: field.required,
    must_be_unique: UNIQUE_CAPABLE_TYPES.includes(type) ? field.must_be_unique : false,
    ...defaultGovernanceSettings(type),
  } as FieldSave;
}

/**
 * A saved field as the editor holds it (spec 02 §3): its settings as fieldSaveSchema reads them,
 * without fieldset_id, precedence, updated_at and powers_list.
 */
export function fieldDraftOf(field: Field): FieldSave {
  const parsed = fieldSaveSchema.safeParse(field);
  if (parsed.success) return parsed.data;
  // A stored field the current rules refuse is still shown, so it can be corrected.
  const { fieldset_id: _set, precedence: _p, updated_at: _u, powers_list: _pl, ...rest } = field;
  return rest as unknown as FieldSave;
}

/** The draft of a saved field set, fields in their saved order (spec 02 §2: edit). */
export function fieldsetDraftOf(set: Fieldset): FieldsetDraft {
  return {
    id: set.id,
    name: set.name,
    description: set.description,
    updated_at: set.updated_at,
    fields: [...set.fields].sort((a, b) => a.precedence - b.precedence).map(fieldDraftOf),
  };
}

/** The ids of the fields of a saved set that power a list (spec 02 §2, §5: they cannot be deleted). */
export function poweringFieldIds(set: Fieldset | null | undefined): ReadonlySet<string> {
  return new Set((set?.fields ?? []).filter((f) => f.powers_list).map((f) => String(f.id)));
}

/**
 * The field's references to other fields of the set, replaced through `map` (old id → new id);
 * references not in the map are kept.
 */
function remapReferences(field: FieldSave, map: ReadonlyMap<string, string>): FieldSave {
  return mapGovernanceReferences(field, (id) => map.get(String(id)) ?? id);
}

/**
 * The unsaved copy of a field set (spec 02 §2: ?duplicate={id}): named "Copy of …", no id or
 * updated_at, every field with a new TEMP_ id, and autofill and concatenation references moved
 * to the copies' ids. `makeId` is injectable for tests.
 */
export function duplicateFieldsetDraft(set: Fieldset, makeId: () => string = newTempId): FieldsetDraft {
  const source = fieldsetDraftOf(set);
  const ids = new Map(source.fields.map((f) => [String(f.id), makeId()]));
  return {
    id: null,
    name: `Copy of ${set.name}`,
    description: set.description,
    updated_at: null,
    fields: source.fields.map((f) => remapReferences({ ...f, id: ids.get(String(f.id))! }, ids)),
  };
}

/** The ids a field refers to: its autofill source, or its concatenated fields. */
export function referencesOf(field: FieldSave): FieldId[] {
  return governanceReferences(field);
}

/** The fields that use field `id` through autofill or concatenation, in order. */
export function fieldsUsing(fields: readonly FieldSave[], id: FieldId): FieldSave[] {
  return fields.filter(
    (f) => String(f.id) !== String(id) && referencesOf(f).some((ref) => String(ref) === String(id)),
  );
}

/**
 * The fields after a drag moved `activeId` onto the place of `overId` (spec 02 §2: reorder).
 * Unknown ids or a drop on itself change nothing.
 */
export function moveField(fields: readonly FieldSave[], activeId: FieldId, overId: FieldId): FieldSave[] {
  const from = fields.findIndex((f) => String(f.id) === String(activeId));
  const to = fields.findIndex((f) => String(f.id) === String(overId));
  if (from < 0 || to < 0 || from === to) return [...fields];
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The fields with the one of the same id replaced, or `field` appended when it is new. */
export function putField(fields: readonly FieldSave[], field: FieldSave): FieldSave[] {
  const index = fields.findIndex((f) => String(f.id) === String(field.id));
  if (index < 0) return [...fields, field];
  return fields.map((f, i) => (i === index ? field : f));
}

/** The fields without `id` (spec 02 §2: remove a field). */
export function removeField(fields: readonly FieldSave[], id: FieldId): FieldSave[] {
  return fields.filter((f) => String(f.id) !== String(id));
}

/**
 * Whether two drafts differ in what the user edits (spec 02 §4: the dirty flag is set by a
 * change of name, description or any field). Surrounding spaces of the name and description do
 * not count, since saving trims them; key order and undefined values do not count either.
 */
export function isFieldsetChanged(a: FieldsetDraft, b: FieldsetDraft): boolean {
  return comparable(a) !== comparable(b);
}

/**
 * Why the field-set editor's Save is disabled, or null when the draft can be saved (spec 02 §5):
 * a name is required and something must have changed since the last save.
 */
export function fieldsetSaveBlockedReason(
  draft: Pick<FieldsetDraft, 'name'>,
  isDirty: boolean,
): string | null {
  if ((draft.name ?? '').trim() === '') return 'Name the field set to save it';
  if (!isDirty) return 'No changes to save';
  return null;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

function comparable(draft: FieldsetDraft): string {
  return JSON.stringify([
    (draft.name ?? '').trim(),
    (draft.description ?? '').trim(),
    canonical(draft.fields ?? []),
  ]);
}

/** Server problems with a save, sorted by where they belong (spec 02 §8; ARCHITECTURE.md, errors). */
export interface SaveIssues {
  /** Problems with the set's own inputs: `name`, `description`. */
  set: Record<string, string>;
  /** Problems with fields, by field id, then by path inside the field (`list_governance.list_id`). */
  fields: Record<string, Record<string, string>>;
  /** Messages that belong to no input, for a toast. */
  other: string[];
}

/**
 * Sorts the issues of a refused save (paths like `body.fields.2.autofill.field_id`) by the
 * input they concern: the set's name or description, a field (by the id it had at position N of
 * the saved `fields`), or nothing in particular (e.g. `body.fields` for a field that powers a list).
 */
export function sortSaveIssues(
  issues: readonly Issue[] | undefined,
  fields: readonly FieldSave[],
): SaveIssues {
  const result: SaveIssues = { set: {}, fields: {}, other: [] };
  for (const issue of issues ?? []) {
    const match = /^body\.fields\.(\d+)\.(.+)$/.exec(issue.path);
    const field = match ? fields[Number(match[1])] : undefined;
    if (match && field) {
      const key = String(field.id);
      result.fields[key] ??= {};
      result.fields[key][match[2]!] ??= issue.message;
    } else if (issue.path === 'body.name' || issue.path === 'body.description') {
      result.set[issue.path.slice(5)] ??= issue.message;
    } else {
      result.other.push(issue.message);
    }
  }
  return result;
}

/**
 * A one-line summary of a field's governance settings for the field list (spec 02 §2), e.g.
 * "From the list Countries", "Joins Country + Campaign", "Date DD-MM-YYYY", "Always "ACME"".
 * `fieldName` and `listName` resolve ids to names; unknown ones read generically.
 */
export function governanceSummary(
  field: FieldSave,
  fieldName: (id: FieldId) => string | undefined,
  listName: (id: number) => string | undefined,
): string {
  switch (field.governance_type) {
    case 'list': {
      const name =
        field.list_governance.list_id == null ? undefined : listName(field.list_governance.list_id);
      return name ? `From the list ${name}` : 'From a list';
    }
    case 'autonumber': {
      const start = field.autonumber.start_value ?? 1;
      const width = field.autonumber.min_width ?? 1;
      return `Counts from ${start}, ${width} ${width === 1 ? 'digit' : 'digits'}`;
    }
    case 'autofill':
      return `Copies ${fieldName(field.autofill.field_id) ?? 'another field'}`;
    case 'concatenation':
      return `Joins ${field.concatenation_governance.field_ids.map((id) => fieldName(id) ?? 'a removed field').join(' + ')}`;
    case 'constant':
      return `Always "${field.constant_value}"`;
    case 'date':
      return describeSegment({
        id: 'TEMP_summary',
        name: field.name,
        segment_precedence: 0,
        segment_type: 'date',
        order: field.date.order ?? DATE_FORMAT_DEFAULTS.order,
        months: field.date.months ?? DATE_FORMAT_DEFAULTS.months,
        days: field.date.days ?? DATE_FORMAT_DEFAULTS.days,
        years: field.date.years ?? DATE_FORMAT_DEFAULTS.years,
        delimiter: field.date.delimiter ?? DATE_FORMAT_DEFAULTS.delimiter,
        auto_populate: true,
      });
    case 'text': {
      const { min_length: min, max_length: max } = field.validation ?? {};
      if (min != null && max != null) return `Text, ${min} to ${max} characters`;
      if (max != null) return `Text, up to ${max} characters`;
      if (min != null) return `Text, at least ${min} characters`;
      return 'Free text';
    }
    case 'creative': {
      const from = field.creative?.classification_parameter_type;
      return from
        ? `Classified from the ${from === 'TITLE' ? 'title' : 'source URL'}`
        : 'Classified creative';
    }
    default:
      return '';
  }
}

/** `issues` without those of the field `fieldId`, e.g. once its drawer applied a fix (spec 02 §5). */
export function withoutFieldIssues(issues: SaveIssues, fieldId: string | number): SaveIssues {
  const { [String(fieldId)]: _fixed, ...rest } = issues.fields;
  return { ...issues, fields: rest };
}
