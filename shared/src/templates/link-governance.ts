import type { MessageParams } from '../integrations/messages';
import { newTemplateTempId, parametersToSave, type TemplateDraft } from './template-editing';
import type { TemplateMessageId } from './template-messages';
import {
  LINK_VALIDATION_TYPES,
  type LinkGovernance,
  type LinkParameter,
  type LinkValidation,
  type LinkValidationOption,
  type LinkValidationSlug,
  REPORT_SUITE_MODES,
  type ReportSuiteMode,
  requiredLinkValidationKeys,
  type TemplateField,
  type TemplateFieldFieldId,
  type TemplateFieldId,
  type TemplateGovernanceType,
} from './templates.contract';

// The link governance drawer's pure logic (spec 03 §2 "Link governance drawer", §4 "Link drawer",
// §5 "Link governance"): the link pattern preview, the drawer's local copy and how it is applied,
// the parameter and validation edits, and the errors per section.

/** The host shown in the link preview when the link has no domain restriction (spec 03 §2 "domain/?name=[field]&..."). */
export const LINK_PREVIEW_DOMAIN = 'domain';

/**
 * The support article about link validations failing because of cookies (spec 03 §2 "A notice links
 * to a support article about validations failing because of cookies"; the address is ours).
 */
export const LINK_VALIDATION_COOKIE_ARTICLE_URL =
  'https://support.nomen.app/articles/link-validations-and-cookie-consent';

/** Governance types of link fields: they cannot be a link parameter's field or a link's autofill source. */
export const LINK_GOVERNANCE_TYPES: readonly TemplateGovernanceType[] = [
  'link',
  'shortened-link',
  'deep-link',
  'custom-bitlink',
  'smart-link',
];

/** What each link validation option checks, as the drawer labels it (spec 03 §3 option slugs; wording ours). */
export const LINK_VALIDATION_OPTION_LABELS: Readonly<Record<string, string>> = {
  aa_pixel_exists: 'The Adobe Analytics tag is on the page',
  aa_correct_report_suite: 'The tag reports to the expected report suite',
  aa_correct_report: 'The tag reports to the expected report',
  ga_pixel_exists: 'The Google Analytics tag is on the page',
  ga_correct_property: 'The tag reports to the expected property',
  fb_pixel_exists: 'The Facebook pixel is on the page',
  fb_pixel_correct_id: 'The pixel has the expected pixel ID',
  generic_pixel_exists: 'The page calls the expected pixel URL',
};

/** The label of a link validation option; an unknown slug is shown as written. */
export function linkValidationOptionLabel(optionSlug: string): string {
  return LINK_VALIDATION_OPTION_LABELS[optionSlug] ?? optionSlug;
}

/** Labels of the expected values per validation type (spec 03 §3 metadata keys; wording ours). */
const LINK_VALIDATION_VALUE_LABELS: Readonly<Record<LinkValidationSlug, Readonly<Record<string, string>>>> = {
  adobe_analytics: {
    expected_target_id: 'Target',
    expected_report_suite_id: 'Report suite ID',
    user_provided_account_id: 'Account ID',
    expected_report_id: 'Report ID',
  },
  google_analytics: { expected_property_id: 'Property ID', user_provided_remote_ga_account_id: 'Account ID' },
  facebook_pixel: { expected_property_id: 'Pixel ID' },
  generic: { expected_pixel_url: 'Pixel URL' },
};

/** The label of an expected value of a validation type; an unknown key is shown as written. */
export function linkValidationValueLabel(slug: LinkValidationSlug, key: string): string {
  return LINK_VALIDATION_VALUE_LABELS[slug]?.[key] ?? key;
}

/** Labels of the Adobe report-suite modes (spec 03 §4: target, explore, input; wording ours). */
export const REPORT_SUITE_MODE_LABELS: Readonly<Record<ReportSuiteMode, string>> = {
  target: 'From a target',
  explore: 'Explore the account',
  input: 'Enter the IDs',
};

/** The option of an Adobe Analytics validation that carries the report-suite mode (spec 03 §3, §4). */
export const REPORT_SUITE_OPTION = 'aa_correct_report_suite';

/** The metadata key of the report-suite mode in {@link REPORT_SUITE_OPTION}'s metadata (ours). */
export const REPORT_SUITE_MODE_KEY = 'report_suite_mode';

// ---------------------------------------------------------------------------------------------
// Preview

/** The template field a link parameter names: by template field id, else by field id; null when unset or gone. */
export function linkParameterField(
  fields: readonly TemplateField[],
  parameter: Pick<LinkParameter, 'field_id' | 'template_field_id'>,
): TemplateField | null {
  if (parameter.template_field_id !== null) {
    const byId = fields.find((tf) => String(tf.id) === String(parameter.template_field_id));
    if (byId) return byId;
  }
  if (parameter.field_id !== null) {
    return (
      fields.find((tf) => tf.field_id !== null && String(tf.field_id) === String(parameter.field_id)) ?? null
    );
  }
  return null;
}

/**
 * One `name=[field]` pair of the link preview: the name as it appears in the link (percent-encoded
 * unless the parameter's name encoding is not_encoded), the field's name, or null when the
 * parameter has no field (or its field left the template).
 */
export interface LinkPreviewPart {
  parameterId: LinkParameter['id'];
  name: string;
  fieldName: string | null;
}

/** The link pattern preview: its host, its pairs, and the whole text `host/?a=[A]&b=[B]`. */
export interface LinkPreview {
  domain: string;
  parts: LinkPreviewPart[];
  text: string;
}

/**
 * The live preview of the link pattern (spec 03 §2 "a live preview of the link pattern in the form
 * domain/?name=[field]&..."): the first domain restriction (else `domain`), then one `name=[field]`
 * pair per parameter in list order. A parameter with neither name nor field is skipped (a save
 * drops it, spec 03 §4); a missing name is empty and a missing field shows as `[]`. Names are
 * percent-encoded unless `url_name_encoding` is not_encoded (spec 03 §9). Pure; never throws.
 */
export function linkPatternPreview(input: {
  parameters: readonly LinkParameter[];
  fields: readonly TemplateField[];
  domainRestrictions?: readonly string[];
}): LinkPreview {
  const domain = input.domainRestrictions?.find((d) => d.trim() !== '')?.trim() ?? LINK_PREVIEW_DOMAIN;
  const parts: LinkPreviewPart[] = [];
  for (const parameter of input.parameters) {
    const field = linkParameterField(input.fields, parameter);
    const rawName = parameter.name.trim();
    if (rawName === '' && parameter.field_id === null && parameter.template_field_id === null) continue;
    const name = parameter.url_name_encoding === 'not_encoded' ? rawName : encodeURIComponent(rawName);
    parts.push({ parameterId: parameter.id, name, fieldName: field ? field.field.name : null });
  }
  const query = parts.map((p) => `${p.name}=[${p.fieldName ?? ''}]`).join('&');
  return { domain, parts, text: `${domain}/${query ? `?${query}` : ''}` };
}

// ---------------------------------------------------------------------------------------------
// Domain restrictions

const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain restriction as stored (spec 03 §3 link_governance.domain_restrictions): the host of
 * what was typed, lower-case, without scheme, path, port or trailing dot; `*.` may lead for every
 * subdomain. Null when it is not a domain name of at least two labels ending in letters.
 */
export function normalizeDomainRestriction(input: string): string | null {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  const wildcard = host.startsWith('*.');
  const labels = (wildcard ? host.slice(2) : host).split('.');
  if (host.length > 253 || labels.length < 2) return null;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  if (!/^[a-z]{2,63}$/.test(labels[labels.length - 1]!)) return null;
  return host;
}

// ---------------------------------------------------------------------------------------------
// The drawer's local copy

/**
 * What the link drawer edits (spec 03 §2, §3): the link field's name, its optional autofill
 * source (a field id), its link governance, and the template's link parameters (in order) and
 * link validations. The drawer edits this copy and applies it to the template on Save (spec 03 §4).
 */
export interface LinkDrawerDraft {
  name: string;
  autofill_field_id: TemplateFieldFieldId | null;
  link_governance: LinkGovernance;
  parameters: LinkParameter[];
  validations: LinkValidation[];
}

/** The link governance of a link field with none yet (spec 03 §3 defaults). */
const EMPTY_LINK_GOVERNANCE: LinkGovernance = {
  domain_restrictions: [],
  do_not_encode_manually_entered_parameters: false,
  use_redirect_url: false,
};

/**
 * The drawer's copy of a template's link field `fieldId` (spec 03 §2): its name, autofill source,
 * link governance and the template's parameters (by precedence, those without an id given a
 * TEMP_ id so the list can be reordered) and validations. Null when `fieldId` is not a link field
 * of the template.
 */
export function linkDrawerDraftOf(template: TemplateDraft, fieldId: TemplateFieldId): LinkDrawerDraft | null {
  const tf = template.template_fields.find((f) => String(f.id) === String(fieldId));
  if (tf?.governance_type !== 'link') return null;
  const parameters = template.parameters
    .map((p, index) => ({ p, index }))
    .sort((a, b) => a.p.precedence - b.p.precedence || a.index - b.index)
    .map(({ p }) => (p.id === null ? { ...p, id: newTemplateTempId() } : p));
  return {
    name: tf.field.name,
    autofill_field_id: tf.autofill?.field_id ?? null,
    link_governance: tf.link_governance ?? EMPTY_LINK_GOVERNANCE,
    parameters,
    validations: template.validations,
  };
}

/**
 * The template with the drawer's copy applied (spec 03 §4 "Link drawer"): the link field's name,
 * autofill source and link governance; the parameters a save keeps (`parametersToSave`: those with
 * neither name nor field dropped, precedence renumbered); the validations. Other template fields
 * keep their identity. An unknown or non-link `fieldId` leaves the template unchanged.
 */
export function applyLinkDrawerDraft(
  template: TemplateDraft,
  fieldId: TemplateFieldId,
  draft: LinkDrawerDraft,
): TemplateDraft {
  const index = template.template_fields.findIndex((f) => String(f.id) === String(fieldId));
  const tf = template.template_fields[index];
  if (tf?.governance_type !== 'link') return template;
  const fields = [...template.template_fields];
  fields[index] = {
    ...tf,
    field: { ...tf.field, name: draft.name.trim() },
    autofill: draft.autofill_field_id === null ? null : { field_id: draft.autofill_field_id },
    link_governance: {
      ...draft.link_governance,
      domain_restrictions: draft.link_governance.domain_restrictions.map((d) => d.trim()).filter(Boolean),
    },
  };
  return {
    ...template,
    template_fields: fields,
    parameters: parametersToSave(draft.parameters),
    validations: draft.validations,
  };
}

/**
 * The template fields a link parameter or the link's autofill can name (spec 03 §2 "each parameter
 * with name, field"): every template field with a field id except link fields, in template order.
 */
export function linkSourceFields(fields: readonly TemplateField[]): TemplateField[] {
  return fields.filter(
    (tf) =>
      tf.field_id !== null &&
      (tf.governance_type === null || !LINK_GOVERNANCE_TYPES.includes(tf.governance_type)),
  );
}

// ---------------------------------------------------------------------------------------------
// Parameters

/** Link parameters with precedence renumbered 0…n−1 in their order; unchanged ones keep their identity. */
function renumberedParameters(parameters: readonly LinkParameter[]): LinkParameter[] {
  return parameters.map((p, precedence) => (p.precedence === precedence ? p : { ...p, precedence }));
}

/**
 * A new, empty link parameter at the end (spec 03 §2 "add-parameter button"; §9 defaults: value
 * encoding dynamic, name encoding encoded), with a TEMP_ id.
 */
export function addLinkParameter(parameters: readonly LinkParameter[]): LinkParameter[] {
  return [
    ...parameters,
    {
      id: newTemplateTempId(),
      name: '',
      field_id: null,
      template_field_id: null,
      precedence: parameters.length,
      url_encoding: 'dynamic',
      url_name_encoding: 'encoded',
      fieldset_ids: [],
      transform: 'none',
      template_id: null,
    },
  ];
}

/** The parameters with parameter `id` replaced by `recipe(parameter)`; others keep their identity. */
export function updateLinkParameter(
  parameters: readonly LinkParameter[],
  id: LinkParameter['id'],
  recipe: (parameter: LinkParameter) => LinkParameter,
): LinkParameter[] {
  return parameters.map((p) => (p.id === id ? recipe(p) : p));
}

/**
 * A parameter pointing at template field `tf` (its field id, template field id and field set), or
 * at nothing when `tf` is null (spec 03 §3 "Link parameter" field_id, template_field_id, fieldset_ids).
 */
export function withParameterField(parameter: LinkParameter, tf: TemplateField | null): LinkParameter {
  if (!tf) return { ...parameter, field_id: null, template_field_id: null, fieldset_ids: [] };
  return {
    ...parameter,
    field_id: tf.field_id,
    template_field_id: tf.id,
    fieldset_ids: tf.field.fieldset_id === null ? [] : [tf.field.fieldset_id],
  };
}

/** The parameters without parameter `id`, renumbered. */
export function removeLinkParameter(
  parameters: readonly LinkParameter[],
  id: LinkParameter['id'],
): LinkParameter[] {
  return renumberedParameters(parameters.filter((p) => p.id !== id));
}

/**
 * Moves parameter `activeId` to the place of parameter `overId` (spec 03 §2 "drag-to-reorder
 * list"), renumbering precedence. Unknown ids or the same id leave the order unchanged.
 */
export function moveLinkParameter(
  parameters: readonly LinkParameter[],
  activeId: LinkParameter['id'],
  overId: LinkParameter['id'],
): LinkParameter[] {
  const from = parameters.findIndex((p) => String(p.id) === String(activeId));
  const to = parameters.findIndex((p) => String(p.id) === String(overId));
  if (from < 0 || to < 0 || from === to) return [...parameters];
  const next = [...parameters];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return renumberedParameters(next);
}

// ---------------------------------------------------------------------------------------------
// Validations

/**
 * A new link validation of type `slug` (spec 03 §2 "add-validation button", §3): a new uuid, each
 * option of the type (`optionSlugs`, from GET /api/v1/link-validation/types, else the contract's)
 * off with no values except the first ("the tag is on the page"), which is on; an Adobe Analytics
 * validation starts in target mode (spec 03 §4).
 */
export function newLinkValidation(slug: LinkValidationSlug, optionSlugs?: readonly string[]): LinkValidation {
  const options: Record<string, LinkValidationOption> = {};
  (optionSlugs ?? Object.keys(LINK_VALIDATION_TYPES[slug].options)).forEach((option, index) => {
    options[option] = {
      enabled: index === 0,
      metadata: option === REPORT_SUITE_OPTION ? { [REPORT_SUITE_MODE_KEY]: 'target' } : {},
    };
  });
  return { slug, uuid: globalThis.crypto.randomUUID(), options };
}

/** The report-suite mode of an Adobe Analytics validation: target unless set (spec 03 §4). */
export function reportSuiteModeOf(validation: LinkValidation): ReportSuiteMode {
  const mode = validation.options[REPORT_SUITE_OPTION]?.metadata[REPORT_SUITE_MODE_KEY];
  return (REPORT_SUITE_MODES as readonly string[]).includes(mode ?? '')
    ? (mode as ReportSuiteMode)
    : 'target';
}

/**
 * The validation in report-suite mode `mode` (spec 03 §4 "changing the mode clears the metadata"):
 * every expected value of every option is cleared (enabled flags stay) and the mode is recorded.
 * The same mode answers the same validation.
 */
export function withReportSuiteMode(validation: LinkValidation, mode: ReportSuiteMode): LinkValidation {
  if (reportSuiteModeOf(validation) === mode && validation.options[REPORT_SUITE_OPTION]) return validation;
  const options: Record<string, LinkValidationOption> = {};
  for (const [slug, option] of Object.entries(validation.options))
    options[slug] = { ...option, metadata: {} };
  options[REPORT_SUITE_OPTION] = {
    enabled: validation.options[REPORT_SUITE_OPTION]?.enabled ?? false,
    metadata: { [REPORT_SUITE_MODE_KEY]: mode },
  };
  return { ...validation, options };
}

/** The validation with option `optionSlug` turned on or off (a missing option is added). */
export function withLinkValidationEnabled(
  validation: LinkValidation,
  optionSlug: string,
  enabled: boolean,
): LinkValidation {
  const option = validation.options[optionSlug] ?? { enabled: false, metadata: {} };
  return { ...validation, options: { ...validation.options, [optionSlug]: { ...option, enabled } } };
}

/** The validation with expected value `key` of option `optionSlug` set to `value` (a missing option is added). */
export function withLinkValidationValue(
  validation: LinkValidation,
  optionSlug: string,
  key: string,
  value: string,
): LinkValidation {
  const option = validation.options[optionSlug] ?? { enabled: false, metadata: {} };
  return {
    ...validation,
    options: {
      ...validation.options,
      [optionSlug]: { ...option, metadata: { ...option.metadata, [key]: value } },
    },
  };
}

/** The expected values option `optionSlug` of `validation` asks for (spec 03 §5; the report suite's by mode). */
export function linkValidationValueKeys(validation: LinkValidation, optionSlug: string): readonly string[] {
  const option = validation.options[optionSlug] ?? { enabled: false, metadata: {} };
  return requiredLinkValidationKeys(optionSlug, option);
}

/**
 * Whether a link validation is configured (spec 03 §2 "a configured or not-configured icon"): at
 * least one option is on and every option that is on has all its expected values.
 */
export function isLinkValidationConfigured(validation: LinkValidation): boolean {
  const enabled = Object.entries(validation.options).filter(([, option]) => option.enabled);
  return (
    enabled.length > 0 &&
    enabled.every(([slug, option]) =>
      requiredLinkValidationKeys(slug, option).every((key) => (option.metadata[key] ?? '').trim() !== ''),
    )
  );
}

// ---------------------------------------------------------------------------------------------
// Errors per section

/** The sections of the link drawer whose errors are tracked (spec 03 §4 "Link drawer"). */
export const LINK_DRAWER_SECTIONS = ['fieldName', 'parameters', 'validations'] as const;
/** One section of the link drawer. */
export type LinkDrawerSection = (typeof LINK_DRAWER_SECTIONS)[number];

/** The spec's names of the link drawer's sections (spec 03 §4: Field Name, Link Parameters, Link Validations). */
export const LINK_DRAWER_SECTION_LABELS: Readonly<Record<LinkDrawerSection, string>> = {
  fieldName: 'Field Name',
  parameters: 'Link Parameters',
  validations: 'Link Validations',
};

/**
 * One error of the link drawer: its section, the input it is about (`name`,
 * `parameter:{id}:name`, `parameter:{id}:field`, `validation:{uuid}:{option}:{key}`) and its
 * message of TEMPLATE_MESSAGES.
 */
export interface LinkDrawerError {
  section: LinkDrawerSection;
  target: string;
  messageId: TemplateMessageId;
  params: MessageParams;
}

/** The `target` of a link drawer error about a parameter's name or field. */
export function linkParameterTarget(id: LinkParameter['id'], part: 'name' | 'field'): string {
  return `parameter:${id}:${part}`;
}

/** The `target` of a link drawer error about an expected value of a validation option. */
export function linkValidationTarget(uuid: string, optionSlug: string, key: string): string {
  return `validation:${uuid}:${optionSlug}:${key}`;
}

/**
 * The errors of the drawer's copy by section (spec 03 §4 "Link drawer", §5 "Link governance"), in
 * drawer order: a blank field name; each parameter with a name but no field or a field but no name
 * (one with neither is dropped on save); each empty expected value of an enabled validation option,
 * unless `validationsEnabled` is false (the disable-link-validations flag hides them). The same
 * rules as `validateTemplate`'s link governance. Pure; never throws.
 */
export function linkDrawerErrors(
  draft: LinkDrawerDraft,
  options: { validationsEnabled: boolean },
): LinkDrawerError[] {
  const errors: LinkDrawerError[] = [];
  if (draft.name.trim() === '')
    errors.push({ section: 'fieldName', target: 'name', messageId: 'linkFieldNameRequired', params: {} });
  for (const parameter of draft.parameters) {
    const hasName = parameter.name.trim() !== '';
    const hasField = parameter.field_id !== null || parameter.template_field_id !== null;
    if (hasName === hasField) continue;
    errors.push(
      hasName
        ? {
            section: 'parameters',
            target: linkParameterTarget(parameter.id, 'field'),
            messageId: 'linkParameterFieldMissing',
            params: {},
          }
        : {
            section: 'parameters',
            target: linkParameterTarget(parameter.id, 'name'),
            messageId: 'linkParameterNameMissing',
            params: {},
          },
    );
  }
  if (!options.validationsEnabled) return errors;
  for (const validation of draft.validations) {
    for (const [optionSlug, option] of Object.entries(validation.options)) {
      if (!option.enabled) continue;
      for (const key of requiredLinkValidationKeys(optionSlug, option)) {
        if ((option.metadata[key] ?? '').trim() !== '') continue;
        errors.push({
          section: 'validations',
          target: linkValidationTarget(validation.uuid, optionSlug, key),
          messageId: 'linkValidationValueMissing',
          params: { item: linkValidationValueLabel(validation.slug, key) },
        });
      }
    }
  }
  return errors;
}

/** How many errors each section has (every section present, 0 when clean). */
export function linkDrawerErrorCounts(errors: readonly LinkDrawerError[]): Record<LinkDrawerSection, number> {
  const counts: Record<LinkDrawerSection, number> = { fieldName: 0, parameters: 0, validations: 0 };
  for (const error of errors) counts[error.section] += 1;
  return counts;
}
