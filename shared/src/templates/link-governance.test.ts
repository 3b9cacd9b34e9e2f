import { describe, expect, it } from 'vitest';
import {
  addLinkParameter,
  applyLinkDrawerDraft,
  isLinkValidationConfigured,
  type LinkDrawerDraft,
  linkDrawerDraftOf,
  linkDrawerErrorCounts,
  linkDrawerErrors,
  linkParameterTarget,
  linkPatternPreview,
  linkSourceFields,
  linkValidationTarget,
  linkValidationValueKeys,
  moveLinkParameter,
  newLinkValidation,
  normalizeDomainRestriction,
  removeLinkParameter,
  reportSuiteModeOf,
  updateLinkParameter,
  withLinkValidationEnabled,
  withLinkValidationValue,
  withParameterField,
  withReportSuiteMode,
} from './link-governance';
import { type LinkParameter, linkParameterSchema, type Template } from './templates.contract';
import { buildField, buildTemplate } from './templates.fixtures';
import { validateTemplate } from './validate-template';

const source = buildField(1, 'Source', 'list', { field: { fieldset_id: 7 } });
const channel = buildField(2, 'Channel', 'text');
const campaign = buildField(3, 'Campaign code', 'pattern');
const link = buildField(4, 'Landing page', 'link', {
  link_governance: { domain_restrictions: [], do_not_encode_manually_entered_parameters: false },
});
const fields = [source, channel, campaign, link];

function parameter(id: number, name: string, fieldId: number | null, extra: Partial<LinkParameter> = {}) {
  return linkParameterSchema.parse({ id, name, field_id: fieldId, template_field_id: fieldId, ...extra });
}

function template(extra: Partial<Template> = {}): Template {
  return buildTemplate({ template_fields: fields, ...extra });
}

describe('linkPatternPreview (spec 03 §2 "domain/?name=[field]&...")', () => {
  it('shows domain/ and one name=[field] pair per parameter in list order', () => {
    const preview = linkPatternPreview({
      fields,
      parameters: [
        parameter(1, 'utm_source', 1),
        parameter(2, 'utm_medium', 2),
        parameter(3, 'utm_campaign', 3),
      ],
    });
    expect(preview.text).toBe(
      'domain/?utm_source=[Source]&utm_medium=[Channel]&utm_campaign=[Campaign code]',
    );
    expect(preview.parts.map((p) => p.parameterId)).toEqual([1, 2, 3]);
  });

  it('follows the order of the list after a move', () => {
    const parameters = moveLinkParameter([parameter(1, 'a', 1), parameter(2, 'b', 2)], 2, 1);
    expect(linkPatternPreview({ fields, parameters }).text).toBe('domain/?b=[Channel]&a=[Source]');
  });

  it('is domain/ alone without parameters and uses the first domain restriction as host', () => {
    expect(linkPatternPreview({ fields, parameters: [] }).text).toBe('domain/');
    expect(
      linkPatternPreview({
        fields,
        parameters: [parameter(1, 'a', 1)],
        domainRestrictions: ['example.com', 'x.org'],
      }).text,
    ).toBe('example.com/?a=[Source]');
  });

  it('skips a parameter with neither name nor field and marks missing halves', () => {
    const preview = linkPatternPreview({
      fields,
      parameters: [parameter(1, '', null), parameter(2, 'lonely', null), parameter(3, ' ', 2)],
    });
    expect(preview.text).toBe('domain/?lonely=[]&=[Channel]');
    expect(preview.parts.map((p) => p.fieldName)).toEqual([null, 'Channel']);
  });

  it('percent-encodes names unless their name encoding is not_encoded', () => {
    const preview = linkPatternPreview({
      fields,
      parameters: [
        parameter(1, 'utm source', 1),
        parameter(2, 'utm source', 2, { url_name_encoding: 'not_encoded' }),
      ],
    });
    expect(preview.text).toBe('domain/?utm%20source=[Source]&utm source=[Channel]');
  });

  it('finds the field by field id when the template field id is unknown, and shows a removed field as []', () => {
    const byFieldId = parameter(1, 'a', null, { field_id: 2 });
    const gone = parameter(2, 'b', 99);
    expect(linkPatternPreview({ fields, parameters: [byFieldId, gone] }).text).toBe(
      'domain/?a=[Channel]&b=[]',
    );
  });
});

describe('normalizeDomainRestriction (spec 03 §3 domain_restrictions)', () => {
  it('keeps the lower-case host of what was typed', () => {
    expect(normalizeDomainRestriction(' Example.COM ')).toBe('example.com');
    expect(normalizeDomainRestriction('https://shop.example.co.uk:8443/path?q=1')).toBe('shop.example.co.uk');
    expect(normalizeDomainRestriction('*.example.com')).toBe('*.example.com');
  });

  it('refuses what is not a domain name', () => {
    for (const bad of ['', 'localhost', 'example', 'exa mple.com', '-a.com', 'a.c0m', 'a..com', '*.com'])
      expect(normalizeDomainRestriction(bad), bad).toBeNull();
  });
});

describe('the drawer copy (spec 03 §2, §4 "Link drawer")', () => {
  it('copies the link field, parameters by precedence (ids given to new ones) and validations', () => {
    const t = template({
      parameters: [
        parameter(2, 'b', 2, { precedence: 1 }),
        linkParameterSchema.parse({ name: 'a', precedence: 0 }),
      ],
      validations: [newLinkValidation('generic')],
    });
    const draft = linkDrawerDraftOf(t, 4)!;
    expect(draft.name).toBe('Landing page');
    expect(draft.parameters.map((p) => p.name)).toEqual(['a', 'b']);
    expect(String(draft.parameters[0]!.id)).toMatch(/^TEMP_/);
    expect(draft.validations).toBe(t.validations);
    expect(linkDrawerDraftOf(t, 1)).toBeNull();
    expect(linkDrawerDraftOf(t, 404)).toBeNull();
  });

  it('applies name, autofill, governance, kept parameters and validations; other fields keep their identity', () => {
    const t = template();
    const draft: LinkDrawerDraft = {
      name: '  Final URL ',
      autofill_field_id: 2,
      link_governance: {
        domain_restrictions: ['example.com', ' '],
        do_not_encode_manually_entered_parameters: true,
        use_redirect_url: true,
      },
      parameters: [parameter(1, '', null), parameter(2, 'b', 2, { precedence: 1 })],
      validations: [newLinkValidation('facebook_pixel')],
    };
    const next = applyLinkDrawerDraft(t, 4, draft);
    const tf = next.template_fields[3]!;
    expect(tf.field.name).toBe('Final URL');
    expect(tf.autofill).toEqual({ field_id: 2 });
    expect(tf.link_governance).toEqual({
      domain_restrictions: ['example.com'],
      do_not_encode_manually_entered_parameters: true,
      use_redirect_url: true,
    });
    expect(next.parameters.map((p) => [p.name, p.precedence])).toEqual([['b', 0]]);
    expect(next.validations).toBe(draft.validations);
    expect(next.template_fields.slice(0, 3)).toEqual(t.template_fields.slice(0, 3));
    expect(next.template_fields[0]).toBe(t.template_fields[0]);
    expect(applyLinkDrawerDraft(t, 1, draft)).toBe(t);
    expect(
      applyLinkDrawerDraft({ ...t }, 4, { ...draft, autofill_field_id: null }).template_fields[3]!.autofill,
    ).toBe(null);
  });

  it('offers every field but link fields as a parameter field or autofill source', () => {
    expect(linkSourceFields(fields).map((tf) => tf.field.name)).toEqual([
      'Source',
      'Channel',
      'Campaign code',
    ]);
  });
});

describe('parameter edits (spec 03 §2 link parameter editor)', () => {
  it('adds an empty parameter with the default encodings and a TEMP_ id', () => {
    const [added] = addLinkParameter([]);
    expect(added).toMatchObject({
      name: '',
      field_id: null,
      precedence: 0,
      url_encoding: 'dynamic',
      url_name_encoding: 'encoded',
    });
    expect(String(added!.id)).toMatch(/^TEMP_/);
    expect(addLinkParameter([parameter(1, 'a', 1)])[1]!.precedence).toBe(1);
  });

  it('points a parameter at a field with its field set, and at nothing', () => {
    const p = withParameterField(parameter(1, 'a', null), source);
    expect(p).toMatchObject({ field_id: 1, template_field_id: 1, fieldset_ids: [7] });
    expect(withParameterField(p, null)).toMatchObject({
      field_id: null,
      template_field_id: null,
      fieldset_ids: [],
    });
  });

  it('updates one parameter and keeps the others', () => {
    const list = [parameter(1, 'a', 1), parameter(2, 'b', 2)];
    const next = updateLinkParameter(list, 2, (p) => ({ ...p, name: 'c' }));
    expect(next.map((p) => p.name)).toEqual(['a', 'c']);
    expect(next[0]).toBe(list[0]);
  });

  it('moves and removes with precedence renumbered; unknown ids change nothing', () => {
    const list = [
      parameter(1, 'a', 1),
      parameter(2, 'b', 2, { precedence: 1 }),
      parameter(3, 'c', 3, { precedence: 2 }),
    ];
    const moved = moveLinkParameter(list, 3, 1);
    expect(moved.map((p) => [p.name, p.precedence])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(moveLinkParameter(list, 3, 99).map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(removeLinkParameter(list, 1).map((p) => [p.name, p.precedence])).toEqual([
      ['b', 0],
      ['c', 1],
    ]);
  });
});

describe('validation edits (spec 03 §2, §4 report-suite mode)', () => {
  it('starts a validation with its options, the first on, Adobe in target mode', () => {
    const adobe = newLinkValidation('adobe_analytics');
    expect(Object.keys(adobe.options)).toEqual([
      'aa_pixel_exists',
      'aa_correct_report_suite',
      'aa_correct_report',
    ]);
    expect(adobe.options.aa_pixel_exists!.enabled).toBe(true);
    expect(adobe.options.aa_correct_report!.enabled).toBe(false);
    expect(reportSuiteModeOf(adobe)).toBe('target');
    expect(newLinkValidation('generic', ['generic_pixel_exists']).uuid).not.toBe(
      newLinkValidation('generic').uuid,
    );
  });

  it('clears every expected value when the report-suite mode changes, and keeps what is on', () => {
    let adobe = withLinkValidationEnabled(
      newLinkValidation('adobe_analytics'),
      'aa_correct_report_suite',
      true,
    );
    adobe = withLinkValidationValue(adobe, 'aa_correct_report_suite', 'expected_target_id', 't-1');
    adobe = withLinkValidationEnabled(adobe, 'aa_correct_report', true);
    adobe = withLinkValidationValue(adobe, 'aa_correct_report', 'expected_report_id', 'r-1');
    const explored = withReportSuiteMode(adobe, 'explore');
    expect(reportSuiteModeOf(explored)).toBe('explore');
    expect(explored.options.aa_correct_report_suite).toEqual({
      enabled: true,
      metadata: { report_suite_mode: 'explore' },
    });
    expect(explored.options.aa_correct_report).toEqual({ enabled: true, metadata: {} });
    expect(withReportSuiteMode(explored, 'explore')).toBe(explored);
    expect(
      linkValidationValueKeys(withReportSuiteMode(explored, 'input'), 'aa_correct_report_suite'),
    ).toEqual(['user_provided_account_id', 'expected_report_suite_id']);
  });

  it('is configured when an option is on and every option on has its values', () => {
    const fb = newLinkValidation('facebook_pixel');
    expect(isLinkValidationConfigured(fb)).toBe(true);
    const wantsId = withLinkValidationEnabled(fb, 'fb_pixel_correct_id', true);
    expect(isLinkValidationConfigured(wantsId)).toBe(false);
    expect(
      isLinkValidationConfigured(
        withLinkValidationValue(wantsId, 'fb_pixel_correct_id', 'expected_property_id', '42'),
      ),
    ).toBe(true);
    expect(isLinkValidationConfigured(withLinkValidationEnabled(fb, 'fb_pixel_exists', false))).toBe(false);
  });
});

describe('linkDrawerErrors (spec 03 §4 "Errors are tracked per section", §5 "Link governance")', () => {
  const clean: LinkDrawerDraft = {
    name: 'Landing page',
    autofill_field_id: null,
    link_governance: {
      domain_restrictions: [],
      do_not_encode_manually_entered_parameters: false,
      use_redirect_url: false,
    },
    parameters: [parameter(1, 'utm_source', 1), parameter(2, '', null)],
    validations: [newLinkValidation('adobe_analytics')],
  };

  it('finds nothing in a clean copy (an empty parameter is dropped, not an error)', () => {
    expect(linkDrawerErrors(clean, { validationsEnabled: true })).toEqual([]);
  });

  it('tracks a blank name, half-filled parameters and missing expected values by section and input', () => {
    const adobe = withLinkValidationEnabled(clean.validations[0]!, 'aa_correct_report_suite', true);
    const errors = linkDrawerErrors(
      {
        ...clean,
        name: ' ',
        parameters: [parameter(1, 'utm_source', null), parameter(2, '', 2)],
        validations: [adobe],
      },
      { validationsEnabled: true },
    );
    expect(errors.map((e) => [e.section, e.target, e.messageId])).toEqual([
      ['fieldName', 'name', 'linkFieldNameRequired'],
      ['parameters', linkParameterTarget(1, 'field'), 'linkParameterFieldMissing'],
      ['parameters', linkParameterTarget(2, 'name'), 'linkParameterNameMissing'],
      [
        'validations',
        linkValidationTarget(adobe.uuid, 'aa_correct_report_suite', 'expected_target_id'),
        'linkValidationValueMissing',
      ],
    ]);
    expect(errors[3]!.params).toEqual({ item: 'Target' });
    expect(linkDrawerErrorCounts(errors)).toEqual({ fieldName: 1, parameters: 2, validations: 1 });
    expect(linkDrawerErrors({ ...clean, validations: [adobe] }, { validationsEnabled: false })).toEqual([]);
  });

  it('agrees with validateTemplate on the applied template', () => {
    const adobe = withLinkValidationEnabled(clean.validations[0]!, 'aa_correct_report', true);
    const draft: LinkDrawerDraft = {
      ...clean,
      parameters: [parameter(1, 'utm_source', null), parameter(2, '', 2), parameter(3, '', null)],
      validations: [adobe],
    };
    const applied = applyLinkDrawerDraft(template(), 4, draft);
    const templateErrors = validateTemplate(applied, { featureFlags: [] }).filter((i) =>
      i.messageId.startsWith('link'),
    );
    expect(templateErrors).toHaveLength(linkDrawerErrors(draft, { validationsEnabled: true }).length);
  });
});
