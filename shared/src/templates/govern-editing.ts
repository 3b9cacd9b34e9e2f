import type { FeatureFlag } from '../core/feature-flags';
import {
  CLASSIFICATION_PARAMETER_TYPES,
  GOVERNANCE_LABELS,
  GOVERNANCE_TYPES,
  type GovernanceSettings,
  type GovernanceType,
} from '../governance/governance.contract';
import { defaultGovernanceSettings, UNIQUE_CAPABLE_TYPES } from '../governance/governance.rules';
import { NO_GOVERNANCE_SETTINGS } from './field-composition';
import { removeTemplateField, type TemplateDraft } from './template-editing';
import {
  type ClassificationParameterType,
  CREATIVE_CATEGORY_DEFAULT_THRESHOLDS,
  type CreativeConfiguration,
  type TemplateField,
  type TemplateFieldId,
  type TemplateGovernanceType,
} from './templates.contract';

/**
 * Labels of every template governance type (spec 03 §1): the field-set kinds' labels (spec 02 §3)
 * plus the kinds a template adds. `variable` is a variable segment's field before it is given a
 * governance (spec 03 §2).
 */
export const TEMPLATE_GOVERNANCE_LABELS: Readonly<Record<TemplateGovernanceType, string>> = {
  ...GOVERNANCE_LABELS,
  cv_id: 'Hidden ID',
  link: 'Link',
  random: 'Random',
  pattern: 'Pattern',
  'shortened-link': 'Shortened link',
  'deep-link': 'Deep link',
  'custom-bitlink': 'Custom bitlink',
  'smart-link': 'Smart link',
  variable: 'No governance yet',
};

/**
 * The governance types a variable segment's field may be given in the template's field drawer
 * (spec 03 §2 "Governance … disabled for non-variable fields"): the field-set kinds, except
 * autonumber, whose start and width have no place on a template field (spec 03 §3 lists none).
 */
export const TEMPLATE_FIELD_GOVERNANCE_CHOICES: readonly GovernanceType[] = GOVERNANCE_TYPES.filter(
  (type) => type !== 'autonumber',
);

/** Whether a template field's governance can be edited in the field drawer: a variable segment's field (spec 03 §2). */
export function isGovernanceEditable(tf: Pick<TemplateField, 'governance_type' | 'field'>): boolean {
  return tf.field.segment_type === 'variable' && tf.field.segment_parent_field_id !== null;
}

/**
 * The governance settings of a template field as the one governance editor edits them (spec 03
 * §3 → spec 02 §3 shapes): its type and that type's settings, or null for a type the editor does
 * not offer (pattern, link, cv_id, a variable field without governance, …).
 */
export function templateFieldGovernance(tf: TemplateField): GovernanceSettings | null {
  const type = tf.governance_type;
  if (type === null || !(GOVERNANCE_TYPES as readonly string[]).includes(type)) return null;
  const defaults = defaultGovernanceSettings(type as GovernanceType) as Record<string, unknown>;
  switch (type) {
    case 'list': {
      const lg = tf.list_governance;
      return {
        governance_type: 'list',
        list_governance: {
          list_id: lg?.list_id ?? null,
          list_column_id: lg?.list_column_id ?? null,
          delimiter: lg?.delimiter ?? 'none',
        },
      } as unknown as GovernanceSettings;
    }
    case 'autofill':
      return {
        governance_type: 'autofill',
        autofill: { field_id: tf.autofill?.field_id ?? null },
      } as unknown as GovernanceSettings;
    case 'concatenation':
      return {
        governance_type: 'concatenation',
        concatenation_governance: tf.concatenation_governance ?? defaults.concatenation_governance,
      } as GovernanceSettings;
    case 'constant':
      return { governance_type: 'constant', constant_value: tf.constant_value ?? '' };
    case 'date':
      return { governance_type: 'date', date: tf.date ?? defaults.date } as GovernanceSettings;
    case 'text':
      return {
        governance_type: 'text',
        validation: tf.validation ?? defaults.validation,
        transformation: tf.transformation ?? defaults.transformation,
      } as GovernanceSettings;
    case 'creative':
      return {
        governance_type: 'creative',
        creative: { classification_parameter_type: tf.classification_parameter_type },
      };
    default:
      return defaults as GovernanceSettings;
  }
}

/**
 * The template field with `settings` as its governance (spec 03 §2 field drawer, §3): the type and
 * that type's settings are written; every other kind's settings are cleared, so a field never
 * carries settings of a type it does not have. Name, flags, default value and ids stay.
 * must_be_unique is dropped for a type that cannot require it (spec 03 §2).
 */
export function withTemplateFieldGovernance(tf: TemplateField, settings: GovernanceSettings): TemplateField {
  const s = settings as Record<string, unknown> & { governance_type: GovernanceType };
  const cleared: TemplateField = {
    ...tf,
    governance_type: s.governance_type,
    must_be_unique: UNIQUE_CAPABLE_TYPES.includes(s.governance_type) ? tf.must_be_unique : false,
    ...NO_GOVERNANCE_SETTINGS,
  };
  switch (s.governance_type) {
    case 'list': {
      const lg = (s.list_governance ?? {}) as Record<string, unknown>;
      return {
        ...cleared,
        list_governance: {
          list_id: (lg.list_id as number | null | undefined) ?? null,
          list_column_id: (lg.list_column_id as number | null | undefined) ?? null,
          delimiter: (lg.delimiter as NonNullable<TemplateField['list_governance']>['delimiter']) ?? 'none',
          lists: tf.list_governance?.lists ?? [],
        },
      };
    }
    case 'autofill':
      return { ...cleared, autofill: s.autofill as TemplateField['autofill'] };
    case 'concatenation':
      return {
        ...cleared,
        concatenation_governance: s.concatenation_governance as TemplateField['concatenation_governance'],
      };
    case 'constant':
      return { ...cleared, constant_value: (s.constant_value as string | undefined) ?? '' };
    case 'date':
      return { ...cleared, date: s.date as TemplateField['date'] };
    case 'text':
      return {
        ...cleared,
        validation: s.validation as TemplateField['validation'],
        transformation: s.transformation as TemplateField['transformation'],
      };
    case 'creative': {
      const kind = ((
        s.creative as { classification_parameter_type?: ClassificationParameterType | null } | undefined
      )?.classification_parameter_type ?? null) as ClassificationParameterType | null;
      return {
        ...cleared,
        classification_parameter_type: kind,
        generates_creative_classification: kind !== null,
      };
    }
    default:
      return cleared;
  }
}

/**
 * The template with one template field replaced by `recipe(field)` (spec 03 §2 per-field toggles
 * and drawer). Every other field keeps its identity, so memoised cards do not re-render; a recipe
 * answering the same field, or an unknown id, answers the same template.
 */
export function updateTemplateField(
  template: TemplateDraft,
  templateFieldId: TemplateFieldId,
  recipe: (field: TemplateField) => TemplateField,
): TemplateDraft {
  const index = template.template_fields.findIndex((tf) => tf.id === templateFieldId);
  if (index < 0) return template;
  const current = template.template_fields[index]!;
  const next = recipe(current);
  if (next === current) return template;
  const fields = [...template.template_fields];
  fields[index] = next;
  return { ...template, template_fields: fields };
}

/**
 * The template field holding each creative classification type (spec 03 §4 "only one template
 * field per classification parameter type"): SOURCE_URL / TITLE → the first field marked so.
 */
export function classificationTypeHolders(
  fields: readonly Pick<TemplateField, 'id' | 'classification_parameter_type'>[],
): Map<ClassificationParameterType, TemplateFieldId> {
  const holders = new Map<ClassificationParameterType, TemplateFieldId>();
  for (const tf of fields) {
    const kind = tf.classification_parameter_type;
    if (kind !== null && !holders.has(kind)) holders.set(kind, tf.id);
  }
  return holders;
}

/**
 * Marks a template field as the creative classification source URL or title, or neither
 * (spec 03 §2 "mark as source URL or title", §4 one field per type). A type another field holds is
 * refused: the template is answered unchanged. `generates_creative_classification` follows the mark.
 */
export function setClassificationParameterType(
  template: TemplateDraft,
  templateFieldId: TemplateFieldId,
  kind: ClassificationParameterType | null,
): TemplateDraft {
  if (kind !== null) {
    const holder = classificationTypeHolders(template.template_fields).get(kind);
    if (holder !== undefined && holder !== templateFieldId) return template;
  }
  return updateTemplateField(template, templateFieldId, (tf) =>
    tf.classification_parameter_type === kind
      ? tf
      : { ...tf, classification_parameter_type: kind, generates_creative_classification: kind !== null },
  );
}

/** The classification types in the order the card offers them (spec 03 §3). */
export const CLASSIFICATION_TYPES: readonly ClassificationParameterType[] = CLASSIFICATION_PARAMETER_TYPES;

/**
 * A creative classification category (spec 03 §3 "Creative classification category"): id, text
 * and key. The spec does not show where categories come from; ours are this fixed registry, one
 * row per category with a default threshold (ids 1-9 in the order the spec lists them).
 */
export interface CreativeCategory {
  id: number;
  categoryText: string;
  categoryKey: string;
  defaultThreshold: number;
}

/** The creative classification categories with their default thresholds (spec 03 §3). */
export const CREATIVE_CATEGORIES: readonly CreativeCategory[] = Object.entries(
  CREATIVE_CATEGORY_DEFAULT_THRESHOLDS,
).map(([categoryText, defaultThreshold], i) => ({
  id: i + 1,
  categoryText,
  categoryKey: categoryText.toLowerCase().replace(/[^a-z0-9]+/g, '_'),
  defaultThreshold,
}));

/** Every category at its default threshold (spec 03 §3): the configuration a template starts with. */
export function defaultCreativeConfiguration(): CreativeConfiguration[] {
  return CREATIVE_CATEGORIES.map((c) => ({
    categoryId: c.id,
    threshold: c.defaultThreshold,
    templateClassificationId: null,
  }));
}

/** The threshold of each category: the configuration's, else the category's default (spec 03 §3). */
export function creativeThresholds(
  configuration: readonly CreativeConfiguration[],
): { category: CreativeCategory; threshold: number }[] {
  const byId = new Map(configuration.map((c) => [c.categoryId, c.threshold]));
  return CREATIVE_CATEGORIES.map((category) => ({
    category,
    threshold: byId.get(category.id) ?? category.defaultThreshold,
  }));
}

/**
 * The template with one category's threshold set (spec 03 §2 "category threshold sliders"): the
 * value is clamped to 0-100 and rounded; a category not yet configured is added.
 */
export function setCreativeThreshold(
  template: TemplateDraft,
  categoryId: number,
  threshold: number,
): TemplateDraft {
  const value = Math.min(100, Math.max(0, Math.round(Number.isFinite(threshold) ? threshold : 0)));
  const configuration = template.creativeConfiguration;
  const index = configuration.findIndex((c) => c.categoryId === categoryId);
  if (index >= 0 && configuration[index]!.threshold === value) return template;
  const next =
    index >= 0
      ? configuration.map((c, i) => (i === index ? { ...c, threshold: value } : c))
      : [...configuration, { categoryId, threshold: value, templateClassificationId: null }];
  return { ...template, creativeConfiguration: next };
}

/**
 * Turns the template's creative classification on or off (spec 03 §2, §3): on with no
 * configuration yet starts every category at its default threshold; off keeps the thresholds so
 * turning it on again restores them.
 */
export function setCreativeClassificationEnabled(template: TemplateDraft, enabled: boolean): TemplateDraft {
  if (template.isCreativeClassificationEnabled === enabled) return template;
  return {
    ...template,
    isCreativeClassificationEnabled: enabled,
    creativeConfiguration:
      enabled && template.creativeConfiguration.length === 0
        ? defaultCreativeConfiguration()
        : template.creativeConfiguration,
  };
}

/**
 * Which per-field toggles a card shows (spec 03 §2 "Per-field toggles"): visible and required
 * always; the read-only unique display with require-uniqueness for text and concatenation fields;
 * the preview image URL with image-preview; the source URL / title mark with
 * creative-classification.
 */
export function fieldToggles(
  tf: Pick<TemplateField, 'governance_type'>,
  has: (flag: FeatureFlag) => boolean,
): { unique: boolean; previewUrl: boolean; classification: boolean } {
  return {
    unique:
      has('require-uniqueness') &&
      tf.governance_type !== null &&
      (UNIQUE_CAPABLE_TYPES as readonly string[]).includes(tf.governance_type),
    previewUrl: has('image-preview'),
    classification: has('creative-classification'),
  };
}

/**
 * Deletes a template field from the govern step (spec 03 §2, §4): `removeTemplateField` (a pattern
 * field takes its segment fields, link parameters of removed fields are unlinked); deleting the
 * link field also drops the link's parameters and validations, which belong to it (ours: the spec
 * is silent). Deletion rules are `fieldDeletionBlock`'s; this does not check them.
 */
export function deleteTemplateField(
  template: TemplateDraft,
  templateFieldId: TemplateFieldId,
): TemplateDraft {
  const target = template.template_fields.find((tf) => tf.id === templateFieldId);
  const removed = removeTemplateField(template, templateFieldId);
  if (target?.governance_type !== 'link') return removed;
  return { ...removed, parameters: [], validations: [] };
}
