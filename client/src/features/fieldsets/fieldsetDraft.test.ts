import type { Field, FieldSave, Fieldset } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  duplicateFieldsetDraft,
  emptyFieldsetDraft,
  fieldDraftOf,
  fieldsetDraftOf,
  fieldsetSaveBlockedReason,
  fieldsUsing,
  governanceSummary,
  isFieldsetChanged,
  moveField,
  newField,
  poweringFieldIds,
  putField,
  removeField,
  sortSaveIssues,
  withGovernanceType,
  withoutFieldIssues,
} from './fieldsetDraft';

function saved(field: object, id: number, precedence: number, powers_list = false): Field {
  return {
    description: '',
    required: false,
    must_be_unique: false,
    ...field,
    id,
    fieldset_id: 3,
    precedence,
    updated_at: '2026-11-20T10:00:00.000Z',
    powers_list,
  } as Field;
}

const country = saved(
  {
    name: 'Country',
    governance_type: 'list',
    required: true,
    list_governance: { list_id: 8, list_column_id: 81, delimiter: 'none' },
  },
  21,
  0,
  true,
);
const campaign = saved(
  {
    name: 'Campaign',
    governance_type: 'text',
    validation: { min_length: null, max_length: 40, characters: 'any', regex: null },
    transformation: { case: 'lowercase', spaces: 'underscore', trim: true },
  },
  22,
  1,
);
const key = saved(
  {
    name: 'Key',
    governance_type: 'concatenation',
    concatenation_governance: { field_ids: [21, 22], delimiter: '_' },
  },
  23,
  3,
);
const copy = saved(
  { name: 'Reporting name', governance_type: 'autofill', autofill: { field_id: 22 } },
  24,
  2,
);

const set: Fieldset = {
  id: 3,
  name: 'Campaign fields',
  description: 'Paid media',
  updated_at: '2026-11-20T10:00:00.000Z',
  powers_list: true,
  fields: [key, country, copy, campaign],
};

const ids = (fields: FieldSave[]) => fields.map((f) => f.id);

describe('reading a saved set', () => {
  it('keeps the settings of each field and drops what only the server knows', () => {
    const draft = fieldDraftOf(country);
    expect(draft).toEqual({
      id: 21,
      name: 'Country',
      description: '',
      required: true,
      must_be_unique: false,
      governance_type: 'list',
      list_governance: { list_id: 8, list_column_id: 81, delimiter: 'none' },
    });
  });

  it('orders the fields by precedence', () => {
    const draft = fieldsetDraftOf(set);
    expect(ids(draft.fields)).toEqual([21, 22, 24, 23]);
    expect(draft).toMatchObject({ id: 3, name: 'Campaign fields', updated_at: set.updated_at });
  });

  it('knows which fields power a list', () => {
    expect([...poweringFieldIds(set)]).toEqual(['21']);
    expect(poweringFieldIds(undefined).size).toBe(0);
  });
});

describe('duplicateFieldsetDraft', () => {
  it('copies the set as "Copy of …" with TEMP_ ids and references moved to the copies', () => {
    let n = 0;
    const draft = duplicateFieldsetDraft(set, () => `TEMP_${++n}`);
    expect(draft).toMatchObject({ id: null, name: 'Copy of Campaign fields', updated_at: null });
    expect(ids(draft.fields)).toEqual(['TEMP_1', 'TEMP_2', 'TEMP_3', 'TEMP_4']);
    const [, , autofill, concatenation] = draft.fields;
    expect(autofill).toMatchObject({ autofill: { field_id: 'TEMP_2' } });
    expect(concatenation).toMatchObject({ concatenation_governance: { field_ids: ['TEMP_1', 'TEMP_2'] } });
  });
});

describe('editing fields', () => {
  const fields = fieldsetDraftOf(set).fields;

  it('reorders by drag and drop', () => {
    expect(ids(moveField(fields, 23, 21))).toEqual([23, 21, 22, 24]);
    expect(ids(moveField(fields, 21, 24))).toEqual([22, 24, 21, 23]);
    expect(ids(moveField(fields, 21, 'TEMP_gone'))).toEqual([21, 22, 24, 23]);
  });

  it('replaces a field in place or appends a new one, and removes one', () => {
    const renamed = putField(fields, { ...fields[1]!, name: 'Campaign name' });
    expect(renamed[1]).toMatchObject({ id: 22, name: 'Campaign name' });
    const added = putField(fields, newField('constant', 'TEMP_x'));
    expect(ids(added)).toEqual([21, 22, 24, 23, 'TEMP_x']);
    expect(ids(removeField(added, 24))).toEqual([21, 22, 23, 'TEMP_x']);
  });

  it('finds the fields that use a field through autofill or concatenation', () => {
    expect(fieldsUsing(fields, 22).map((f) => f.name)).toEqual(['Reporting name', 'Key']);
    expect(fieldsUsing(fields, 21).map((f) => f.name)).toEqual(['Key']);
    expect(fieldsUsing(fields, 23)).toEqual([]);
  });

  it('starts a new field as text with a TEMP_ id and default settings', () => {
    const field = newField();
    expect(field.id).toMatch(/^TEMP_/);
    expect(field).toMatchObject({ governance_type: 'text', name: '', required: false });
  });

  it('keeps the common inputs when the governance type changes and resets the settings', () => {
    const text = { ...fieldDraftOf(campaign), must_be_unique: true, required: true };
    const asList = withGovernanceType(text, 'list');
    expect(asList).toEqual({
      id: 22,
      name: 'Campaign',
      description: '',
      required: true,
      must_be_unique: false,
      governance_type: 'list',
      list_governance: { list_id: null, list_column_id: null, delimiter: 'none' },
    });
    expect(withGovernanceType(text, 'concatenation')).toMatchObject({ must_be_unique: true });
    expect(withGovernanceType(text, 'text')).toBe(text);
  });
});

describe('isFieldsetChanged', () => {
  const draft = fieldsetDraftOf(set);

  it('is false for the same set, whatever the key order or surrounding spaces', () => {
    const reordered = {
      ...draft,
      name: ' Campaign fields ',
      fields: draft.fields.map((f) => Object.fromEntries(Object.entries(f).reverse()) as FieldSave),
    };
    expect(isFieldsetChanged(draft, reordered)).toBe(false);
  });

  it('sees a change of name, description, field settings or field order', () => {
    expect(isFieldsetChanged(draft, { ...draft, name: 'Other' })).toBe(true);
    expect(isFieldsetChanged(draft, { ...draft, description: '' })).toBe(true);
    expect(isFieldsetChanged(draft, { ...draft, fields: moveField(draft.fields, 23, 21) })).toBe(true);
    expect(
      isFieldsetChanged(draft, {
        ...draft,
        fields: putField(draft.fields, { ...draft.fields[0]!, required: false }),
      }),
    ).toBe(true);
  });

  it('treats a new, untouched set as unchanged', () => {
    expect(isFieldsetChanged(emptyFieldsetDraft(), emptyFieldsetDraft())).toBe(false);
  });
});

describe('sortSaveIssues', () => {
  it('puts field problems on the field that was at that position, set problems on the set', () => {
    const fields = [newField('text', 'TEMP_a'), newField('list', 'TEMP_b')];
    const sorted = sortSaveIssues(
      [
        {
          path: 'body.fields.1.list_governance.list_column_id',
          message: 'Choose a column of the chosen list',
        },
        { path: 'body.name', message: 'Required' },
        { path: 'body.fields', message: 'Campaign powers the list "Names" and cannot be deleted.' },
        { path: 'body.fields.7.name', message: 'Out of range' },
      ],
      fields,
    );
    expect(sorted.fields).toEqual({
      TEMP_b: { 'list_governance.list_column_id': 'Choose a column of the chosen list' },
    });
    expect(sorted.set).toEqual({ name: 'Required' });
    expect(sorted.other).toEqual(['Campaign powers the list "Names" and cannot be deleted.', 'Out of range']);
  });
});

describe('governanceSummary', () => {
  const fields = fieldsetDraftOf(set).fields;
  const fieldName = (id: unknown) => fields.find((f) => f.id === id)?.name;
  const listName = (id: number) => (id === 8 ? 'Countries' : undefined);

  it('says in a few words what each field does', () => {
    expect(governanceSummary(fields[0]!, fieldName, listName)).toBe('From the list Countries');
    expect(governanceSummary(fields[1]!, fieldName, listName)).toBe('Text, up to 40 characters');
    expect(governanceSummary(fields[2]!, fieldName, listName)).toBe('Copies Campaign');
    expect(governanceSummary(fields[3]!, fieldName, listName)).toBe('Joins Country + Campaign');
    expect(governanceSummary(newField('date', 'TEMP_d'), fieldName, listName)).toBe('Date DD-MM-YYYY');
    expect(
      governanceSummary(
        { ...newField('constant', 'TEMP_c'), constant_value: 'ACME' } as FieldSave,
        fieldName,
        listName,
      ),
    ).toBe('Always "ACME"');
  });
});

describe('fieldsetSaveBlockedReason (spec 02 §5)', () => {
  it('needs a name and a change', () => {
    expect(fieldsetSaveBlockedReason({ name: '  ' }, true)).toBe('Name the field set to save it');
    expect(fieldsetSaveBlockedReason({ name: 'Paid' }, false)).toBe('No changes to save');
    expect(fieldsetSaveBlockedReason({ name: 'Paid' }, true)).toBeNull();
  });
});

describe('withoutFieldIssues', () => {
  it("drops one field's issues and keeps the rest", () => {
    const issues = {
      set: { name: 'Required' },
      fields: { '4': { name: 'Taken' }, TEMP_1: { x: 'y' } },
      other: ['z'],
    };
    expect(withoutFieldIssues(issues, 4)).toEqual({
      set: { name: 'Required' },
      fields: { TEMP_1: { x: 'y' } },
      other: ['z'],
    });
  });
});
