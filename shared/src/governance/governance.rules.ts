import { DATE_FORMAT_DEFAULTS } from './formats';
import {
  type FieldId,
  GOVERNANCE_SETTINGS_SHAPES,
  type GovernanceSettings,
  type GovernanceType,
} from './governance.contract';

/**
 * Governance types whose values may be required to be unique (spec 02 §2, pattern builder and
 * field drawer; spec 03 §2 "unique … for text or concatenation fields"), only with the
 * require-uniqueness flag.
 */
export const UNIQUE_CAPABLE_TYPES: readonly GovernanceType[] = ['text', 'concatenation'];

/** Why must_be_unique is refused for another type or without the flag. */
export const UNIQUE_NOT_ALLOWED_MESSAGE = 'Only text and concatenation fields can require unique values';

/**
 * Whether a field of `type` may ask for unique values when the account `hasUniquenessFlag`
 * (require-uniqueness): only text and concatenation fields, only with the flag (spec 02 §2;
 * spec 03 §2).
 */
export function mayRequireUniqueness(type: GovernanceType, hasUniquenessFlag: boolean): boolean {
  return hasUniquenessFlag && UNIQUE_CAPABLE_TYPES.includes(type);
}

/** The settings keys each governance type carries, e.g. text → validation, transformation (spec 02 §3). */
export const GOVERNANCE_SETTINGS_KEYS: Readonly<Record<GovernanceType, readonly string[]>> =
  Object.fromEntries(
    Object.entries(GOVERNANCE_SETTINGS_SHAPES).map(([type, shape]) => [type, Object.keys(shape)]),
  ) as unknown as Record<GovernanceType, readonly string[]>;

/**
 * The governance part of a governed thing (a field, a template field): its `governance_type`
 * and only that type's settings keys; everything else (id, name, required, …) is left out.
 */
export function governanceSettingsOf<T extends { governance_type: GovernanceType }>(
  value: T,
): Record<string, unknown> & { governance_type: GovernanceType } {
  const settings: Record<string, unknown> & { governance_type: GovernanceType } = {
    governance_type: value.governance_type,
  };
  for (const key of GOVERNANCE_SETTINGS_KEYS[value.governance_type]) {
    if (key in value) settings[key] = (value as Record<string, unknown>)[key];
  }
  return settings;
}

/**
 * The settings a governance type starts with in an editor (spec 02 §3, §9; spec 03 §3): list
 * with no list or column yet and no delimiter, autonumber from 1 with width 1, autofill of no
 * field yet, concatenation of no fields joined by '_', an empty constant, the default date
 * format, free text trimmed, creative classifying from nothing yet. Ids still to be chosen are
 * null, so a check reads "Required" until they are chosen.
 */
export function defaultGovernanceSettings<T extends GovernanceType>(type: T): GovernanceSettings {
  const settings: { [K in GovernanceType]: Record<string, unknown> } = {
    list: { list_governance: { list_id: null, list_column_id: null, delimiter: 'none' } },
    autonumber: { autonumber: { start_value: 1, min_width: 1 } },
    autofill: { autofill: { field_id: null } },
    concatenation: { concatenation_governance: { field_ids: [], delimiter: '_' } },
    constant: { constant_value: '' },
    date: { date: { ...DATE_FORMAT_DEFAULTS } },
    text: {
      validation: { min_length: null, max_length: null, characters: 'any', regex: '' },
      transformation: { case: 'none', spaces: 'keep', trim: true },
    },
    creative: { creative: { classification_parameter_type: null } },
  };
  return { governance_type: type, ...settings[type] } as GovernanceSettings;
}

/**
 * The other fields a governed thing refers to, in order: its autofill source, or its
 * concatenated fields (spec 02 §3). Empty for other types and for a source not chosen yet.
 */
export function governanceReferences(settings: GovernanceSettings): FieldId[] {
  if (settings.governance_type === 'autofill')
    return settings.autofill?.field_id == null ? [] : [settings.autofill.field_id];
  if (settings.governance_type === 'concatenation')
    return [...(settings.concatenation_governance?.field_ids ?? [])];
  return [];
}

/**
 * The governed thing with each reference to another field replaced by `swap(id, path)`, where
 * `path` is the setting's path (`autofill.field_id`, `concatenation_governance.field_ids.1`).
 * Used to move references to copies' ids, and by the server to resolve TEMP_ ids to saved ones
 * (`swap` may throw to refuse a reference). Other types come back unchanged.
 */
export function mapGovernanceReferences<S extends GovernanceSettings, R extends FieldId = FieldId>(
  settings: S,
  swap: (id: FieldId, path: string) => R,
): S {
  if (settings.governance_type === 'autofill' && settings.autofill?.field_id != null) {
    return { ...settings, autofill: { field_id: swap(settings.autofill.field_id, 'autofill.field_id') } };
  }
  if (settings.governance_type === 'concatenation' && settings.concatenation_governance) {
    return {
      ...settings,
      concatenation_governance: {
        ...settings.concatenation_governance,
        field_ids: settings.concatenation_governance.field_ids.map((id, k) =>
          swap(id, `concatenation_governance.field_ids.${k}`),
        ),
      },
    };
  }
  return settings;
}
