import { describe, expect, it } from 'vitest';
import { GOVERNANCE_TYPES, type GovernanceSettings, governanceSettingsSchema } from './governance.contract';
import {
  defaultGovernanceSettings,
  GOVERNANCE_SETTINGS_KEYS,
  governanceReferences,
  governanceSettingsOf,
  mapGovernanceReferences,
  mayRequireUniqueness,
} from './governance.rules';

describe('mayRequireUniqueness (spec 02 §2; spec 03 §2)', () => {
  it('allows text and concatenation fields with the require-uniqueness flag', () => {
    expect(mayRequireUniqueness('text', true)).toBe(true);
    expect(mayRequireUniqueness('concatenation', true)).toBe(true);
  });

  it('refuses other types, and every type without the flag', () => {
    expect(mayRequireUniqueness('list', true)).toBe(false);
    expect(mayRequireUniqueness('date', true)).toBe(false);
    expect(mayRequireUniqueness('text', false)).toBe(false);
  });
});

describe('governanceSettingsOf', () => {
  it('keeps the type and its settings keys only', () => {
    const field = {
      id: 'TEMP_1',
      name: 'Country',
      required: true,
      governance_type: 'text' as const,
      validation: { characters: 'any' as const },
      transformation: { case: 'none' as const, spaces: 'keep' as const, trim: true },
      list_governance: { list_id: 1 },
    };
    expect(governanceSettingsOf(field)).toEqual({
      governance_type: 'text',
      validation: field.validation,
      transformation: field.transformation,
    });
    expect(GOVERNANCE_SETTINGS_KEYS.text).toEqual(['validation', 'transformation']);
  });
});

describe('defaultGovernanceSettings (spec 02 §9)', () => {
  it.each(['autonumber', 'date', 'text', 'creative'] as const)(
    'starts %s with settings that parse',
    (type) => {
      expect(governanceSettingsSchema.safeParse(defaultGovernanceSettings(type)).success).toBe(true);
    },
  );

  it.each(['list', 'autofill', 'concatenation', 'constant'] as const)(
    'starts %s with choices still to make, so it does not parse yet',
    (type) => {
      expect(governanceSettingsSchema.safeParse(defaultGovernanceSettings(type)).success).toBe(false);
    },
  );

  it('gives every type its own keys', () => {
    for (const type of GOVERNANCE_TYPES) {
      const { governance_type, ...settings } = defaultGovernanceSettings(type);
      expect(governance_type).toBe(type);
      expect(Object.keys(settings)).toEqual(GOVERNANCE_SETTINGS_KEYS[type]);
    }
  });
});

describe('governance references', () => {
  const autofill: GovernanceSettings = { governance_type: 'autofill', autofill: { field_id: 'TEMP_a' } };
  const concatenation: GovernanceSettings = {
    governance_type: 'concatenation',
    concatenation_governance: { field_ids: ['TEMP_a', 7], delimiter: '-' },
  };

  it('lists the autofill source and the concatenated fields', () => {
    expect(governanceReferences(autofill)).toEqual(['TEMP_a']);
    expect(governanceReferences(concatenation)).toEqual(['TEMP_a', 7]);
  });

  it('lists nothing for other types or an autofill source not chosen yet', () => {
    expect(governanceReferences({ governance_type: 'constant', constant_value: 'X' })).toEqual([]);
    expect(
      governanceReferences({
        governance_type: 'autofill',
        autofill: { field_id: null as unknown as number },
      }),
    ).toEqual([]);
  });

  it('maps each reference with its path, keeping the other settings', () => {
    const paths: string[] = [];
    const mapped = mapGovernanceReferences(concatenation, (id, path) => {
      paths.push(path);
      return id === 'TEMP_a' ? 1 : id;
    });
    expect(mapped).toEqual({
      governance_type: 'concatenation',
      concatenation_governance: { field_ids: [1, 7], delimiter: '-' },
    });
    expect(paths).toEqual(['concatenation_governance.field_ids.0', 'concatenation_governance.field_ids.1']);
    expect(mapGovernanceReferences(autofill, () => 3)).toEqual({
      governance_type: 'autofill',
      autofill: { field_id: 3 },
    });
  });

  it('leaves a type without references unchanged', () => {
    const constant: GovernanceSettings = { governance_type: 'constant', constant_value: 'X' };
    expect(mapGovernanceReferences(constant, () => 1)).toBe(constant);
  });
});
