import { describe, expect, it } from 'vitest';
import { CONTENT_ID_CATEGORY_ID } from '../integrations/classification-mapping';
import { createIntegrationAssignment } from '../integrations/editing';
import { formatMessage } from '../integrations/messages';
import { addPatternField } from './template-editing';
import { TEMPLATE_MESSAGES } from './template-messages';
import type { Template, TemplateField, TemplateList } from './templates.contract';
import { buildField, buildLargeTemplate, buildList, buildPattern, buildTemplate } from './templates.fixtures';
import {
  hasBlockingTemplateIssues,
  type TemplateValidationContext,
  templateFieldReferences,
  templateIssueText,
  validateTemplate,
} from './validate-template';

const context: TemplateValidationContext = { featureFlags: [] };

function ids(template: Template, ctx: TemplateValidationContext = context): string[] {
  return validateTemplate(template, ctx).map((i) => i.messageId);
}

function withFields(...fields: TemplateField[]): Template {
  return buildTemplate({ template_fields: fields.map((f, precedence) => ({ ...f, precedence })) });
}

describe('validateTemplate: setup (spec 03 §5)', () => {
  it('passes a named template in a folder', () => {
    expect(validateTemplate(buildTemplate(), context)).toEqual([]);
  });

  it('requires a name that is not blank, on the setup step', () => {
    const [issue] = validateTemplate(buildTemplate({ name: '  ' }), context);
    expect(issue).toEqual({ type: 'ERROR', messageId: 'templateNameRequired', params: {}, step: 'setup' });
  });

  it('requires a folder', () => {
    expect(ids(buildTemplate({ folder_id: null }))).toEqual(['templateFolderRequired']);
  });

  it('blocks approval without approvers, and passes with one', () => {
    const settings = { require_identifier: 0, require_approval: 1, enable_auto_submit: 0 } as const;
    expect(ids(buildTemplate({ settings }))).toEqual(['approversRequired']);
    expect(ids(buildTemplate({ settings, approvers: [7] }))).toEqual([]);
  });
});

describe('validateTemplate: fields (spec 03 §5)', () => {
  it('needs a segment field’s parent in the template', () => {
    const pattern = buildField(1, 'Pattern', 'pattern', { field: { is_pattern: true } });
    const segment = buildField(2, 'Seg', 'constant', {
      constant_value: 'A',
      field: { segment_parent_field_id: 1 },
    });
    expect(ids(withFields(segment))).toEqual(['segmentParentMissing']);
    expect(ids(withFields(pattern, segment))).toEqual([]);
  });

  it('needs a governance type on every field', () => {
    const issues = validateTemplate(withFields(buildField(3, 'Bare', null)), context);
    expect(issues).toEqual([
      {
        type: 'ERROR',
        messageId: 'governanceTypeRequired',
        params: { field: 'Bare' },
        step: 'govern',
        fieldId: 3,
      },
    ]);
    expect(ids(withFields(buildField(3, 'Text', 'text')))).toEqual([]);
  });

  it('needs governance on a non-governed field unless its field set is in the template', () => {
    const variable = buildField(4, 'Var', 'variable', { field: { fieldset_id: 9 } });
    expect(ids(withFields(variable))).toEqual(['governanceRequired']);
    expect(ids({ ...withFields(variable), fieldsets: [9] })).toEqual([]);
  });

  it('needs an autofill source in the template, required when the autofill field is', () => {
    const source = buildField(5, 'Source', 'text');
    const autofill = buildField(6, 'Copy', 'autofill', { autofill: { field_id: 5 } });
    expect(ids(withFields(autofill))).toEqual(['autofillSourceMissing']);
    expect(ids(withFields(source, autofill))).toEqual([]);
    expect(ids(withFields(source, { ...autofill, required: true }))).toEqual(['autofillSourceNotRequired']);
    expect(ids(withFields({ ...source, required: true }, { ...autofill, required: true }))).toEqual([]);
  });

  it('needs required text fields visible on the form', () => {
    const text = buildField(7, 'Text', 'text', { required: true, visible_on_form: false });
    expect(ids(withFields(text))).toEqual(['requiredTextHidden']);
    expect(ids(withFields({ ...text, visible_on_form: true }))).toEqual([]);
    expect(ids(withFields({ ...text, required: false }))).toEqual([]);
  });

  it('lets autofill and concatenation name a field added in the same save by its TEMP_ id', () => {
    const added = buildField('TEMP_region', 'Region', 'text', { field_id: null, field: { id: null } });
    const withTempField = buildField('TEMP_source', 'Source', 'text');
    const autofill = buildField(6, 'Copy', 'autofill', { autofill: { field_id: 'TEMP_region' } });
    const concat = buildField(10, 'AB', 'concatenation', {
      concatenation_governance: { field_ids: ['TEMP_region', 'TEMP_source'], delimiter: '_' },
    });
    expect(ids(withFields(added, withTempField, autofill, concat))).toEqual([]);
    const unknown = buildField(6, 'Copy', 'autofill', { autofill: { field_id: 'TEMP_nothing' } });
    expect(ids(withFields(added, unknown))).toEqual(['autofillSourceMissing']);
  });

  it('needs every concatenation piece in the template', () => {
    const a = buildField(8, 'A', 'text');
    const b = buildField(9, 'B', 'text');
    const concat = buildField(10, 'AB', 'concatenation', {
      concatenation_governance: { field_ids: [8, 9], delimiter: '_' },
    });
    expect(ids(withFields(a, concat))).toEqual(['concatenationPieceMissing']);
    expect(ids(withFields(a, b, concat))).toEqual([]);
  });

  it('needs every pattern segment’s field in the template', () => {
    const template = addPatternField(buildTemplate(), buildPattern(1, ['constant', 'autonumber']));
    expect(ids(template)).toEqual([]);
    const withoutSecond = { ...template, template_fields: template.template_fields.slice(0, 2) };
    const issues = validateTemplate(withoutSecond, context);
    expect(issues.map((i) => [i.messageId, i.params.segment])).toEqual([['patternSegmentMissing', 'Seg 2']]);
  });

  it('reads the stored pattern’s segments when the context has them, not the pattern field’s copy', () => {
    const pattern = buildPattern(1, ['constant', 'autonumber']);
    const template = addPatternField(buildTemplate(), pattern);
    // The pattern field sent without its segments, and without the field of segment "Seg 1".
    const [patternField, , second] = template.template_fields;
    const sent = { ...template, template_fields: [{ ...patternField!, segments: [] }, second!] };
    expect(ids(sent)).toEqual([]);
    const stored = {
      id: 1,
      updated_at: pattern.updated_at,
      segments: pattern.segments.map((s) => ({ id: s.id, name: s.name })),
    };
    const issues = validateTemplate(sent, { ...context, patterns: [stored] });
    expect(issues.map((i) => [i.messageId, i.params.segment])).toEqual([['patternSegmentMissing', 'Seg 1']]);
    expect(ids(template, { ...context, patterns: [stored] })).toEqual([]);
  });

  it('warns that a pattern changed since it was added', () => {
    const template = addPatternField(buildTemplate(), buildPattern(1, ['constant']));
    const patternFieldId = template.template_fields[0]!.id;
    const changed = validateTemplate(template, {
      ...context,
      patterns: [{ id: 1, updated_at: '2026-02-01T00:00:00.000Z' }],
    });
    expect(changed).toEqual([
      expect.objectContaining({ type: 'WARNING', messageId: 'patternUpdated', fieldId: patternFieldId }),
    ]);
    expect(
      ids(template, { ...context, patterns: [{ id: 1, updated_at: '2026-01-01T00:00:00.000Z' }] }),
    ).toEqual([]);
  });

  it('needs a list and a list column on list fields', () => {
    const noList = buildField(11, 'L', 'list', { list_governance: { list_id: null, list_column_id: null } });
    const noColumn = buildField(11, 'L', 'list', { list_governance: { list_id: 1, list_column_id: null } });
    const full = buildField(11, 'L', 'list', { list_governance: { list_id: 1, list_column_id: 1001 } });
    expect(ids(withFields(buildField(11, 'L', 'list')))).toEqual(['listRequired']);
    expect(ids(withFields(noList))).toEqual(['listRequired']);
    expect(ids(withFields(noColumn))).toEqual(['listColumnRequired']);
    expect(ids(withFields(full))).toEqual([]);
  });

  it('warns for each earlier column of a drill-down list no field uses', () => {
    const list = buildList(1, 'drill-down', 3);
    const onColumn = (id: number, column: number) =>
      buildField(id, `L${column}`, 'list', {
        list_governance: { list_id: 1, list_column_id: 1000 + column },
      });
    const ctx = { ...context, lists: [list] };
    const issues = validateTemplate(withFields(onColumn(20, 3)), ctx);
    expect(issues.map((i) => [i.type, i.messageId, i.params.column])).toEqual([
      ['WARNING', 'earlierListColumnMissing', 'Column 1'],
      ['WARNING', 'earlierListColumnMissing', 'Column 2'],
    ]);
    expect(ids(withFields(onColumn(21, 1), onColumn(22, 2), onColumn(20, 3)), ctx)).toEqual([]);
  });

  it('reads the list from the field when the context does not carry it', () => {
    const list: TemplateList = buildList(2, 'dependent', 2);
    const field = buildField(23, 'L', 'list', {
      list_governance: { list_id: 2, list_column_id: 2002, lists: [list] },
    });
    expect(ids(withFields(field))).toEqual(['earlierListColumnMissing']);
  });

  it('warns for a drop-down list field neither visible nor defaulted', () => {
    const ctx = { ...context, lists: [buildList(3, 'drop-down', 1)] };
    const hidden = buildField(24, 'D', 'list', {
      visible_on_form: false,
      list_governance: { list_id: 3, list_column_id: 3001 },
    });
    expect(ids(withFields(hidden), ctx)).toEqual(['dropDownHiddenWithoutDefault']);
    expect(ids(withFields({ ...hidden, default_value: 'US' }), ctx)).toEqual([]);
    expect(ids(withFields({ ...hidden, visible_on_form: true }), ctx)).toEqual([]);
  });

  it('allows only one link field', () => {
    expect(ids(withFields(buildField(30, 'Link', 'link')))).toEqual([]);
    expect(ids(withFields(buildField(30, 'Link', 'link'), buildField(31, 'Link 2', 'link')))).toEqual([
      'linkFieldOnlyOne',
    ]);
  });
});

describe('validateTemplate: link governance (spec 03 §5)', () => {
  const link = buildField(40, 'Link', 'link');
  const source = buildField(41, 'Campaign', 'text');
  const parameter = (name: string, fieldId: number | null) => ({ name, field_id: fieldId });

  it('needs a name and a field on each parameter, dropping those with neither', () => {
    const template = (parameters: { name: string; field_id: number | null }[]) =>
      buildTemplate({ template_fields: [link, { ...source, precedence: 1 }], parameters });
    expect(ids(template([parameter('utm_campaign', 41), parameter('', null)]))).toEqual([]);
    expect(ids(template([parameter('utm_campaign', null)]))).toEqual(['linkParameterFieldRequired']);
    const issues = validateTemplate(template([parameter('utm_a', 41), parameter(' ', 41)]), context);
    expect(issues).toEqual([
      {
        type: 'ERROR',
        messageId: 'linkParameterNameRequired',
        params: { position: 2 },
        step: 'govern',
        fieldId: 40,
      },
    ]);
  });

  it('needs the expected values of enabled validation options', () => {
    const validation = (enabled: boolean, metadata: Record<string, string>) =>
      buildTemplate({
        template_fields: [link],
        validations: [
          { slug: 'facebook_pixel', uuid: 'u1', options: { fb_pixel_correct_id: { enabled, metadata } } },
        ],
      });
    expect(ids(validation(true, {}))).toEqual(['linkValidationValueRequired']);
    expect(ids(validation(true, { expected_property_id: '123' }))).toEqual([]);
    expect(ids(validation(false, {}))).toEqual([]);
    expect(ids(validation(true, {}), { featureFlags: ['disable-link-validations'] })).toEqual([]);
  });

  it('asks the Adobe report-suite option for the value of its mode', () => {
    const adobe = (metadata: Record<string, string>) =>
      buildTemplate({
        template_fields: [link],
        validations: [
          {
            slug: 'adobe_analytics',
            uuid: 'u2',
            options: { aa_correct_report_suite: { enabled: true, metadata } },
          },
        ],
      });
    const items = (t: Template) => validateTemplate(t, context).map((i) => i.params.item);
    expect(items(adobe({}))).toEqual(['expected_target_id']);
    expect(items(adobe({ expected_target_id: 't1' }))).toEqual([]);
    expect(items(adobe({ report_suite_mode: 'input' }))).toEqual([
      'user_provided_account_id',
      'expected_report_suite_id',
    ]);
    expect(items(adobe({ report_suite_mode: 'explore', expected_report_suite_id: 'rs' }))).toEqual([]);
  });
});

describe('validateTemplate: creative classification (spec 03 §4, §5)', () => {
  const on = { featureFlags: ['creative-classification'] } as const;
  const config = [{ categoryId: 1, threshold: 80 }];

  it('needs a configuration or a creative field', () => {
    const bare = buildTemplate({ isCreativeClassificationEnabled: true });
    expect(validateTemplate(bare, on)).toEqual([
      { type: 'ERROR', messageId: 'creativeNeedsConfigurationOrField', params: {}, step: 'creative' },
    ]);
    expect(ids({ ...bare, template_fields: [buildField(50, 'Creative', 'creative')] }, on)).toEqual([]);
    expect(ids(bare, context)).toEqual([]);
  });

  it('needs a source-URL field for a configuration', () => {
    const template = buildTemplate({ isCreativeClassificationEnabled: true, creativeConfiguration: config });
    expect(ids(template, on)).toEqual(['creativeConfigurationNeedsSourceUrl']);
    const source = buildField(51, 'URL', 'text', { classification_parameter_type: 'SOURCE_URL' });
    expect(ids({ ...template, template_fields: [source] }, on)).toEqual([]);
  });

  it('allows one field per classification type', () => {
    const url = (id: number) =>
      buildField(id, `URL ${id}`, 'text', { classification_parameter_type: 'SOURCE_URL' });
    const title = buildField(54, 'Title', 'text', { classification_parameter_type: 'TITLE' });
    const template = buildTemplate({ isCreativeClassificationEnabled: true, creativeConfiguration: config });
    const issues = validateTemplate({ ...template, template_fields: [url(52), url(53), title] }, on);
    expect(issues.map((i) => [i.messageId, i.fieldId])).toEqual([['creativeTypeTaken', 53]]);
    expect(ids({ ...template, template_fields: [url(52), title] }, on)).toEqual([]);
  });
});

describe('validateTemplate: integrations (spec 03 §5 "Per-integration checks")', () => {
  it('adds the integration issues on the connect step', () => {
    const email = createIntegrationAssignment('email-output', { templateName: 'T', now: new Date() });
    expect(ids(buildTemplate({ integrations: [email] }))).toEqual([]);
    const issues = validateTemplate(buildTemplate({ integrations: [{ ...email, name: '' }] }), context);
    // A missing name is a missing setting: the integration is saved "Not ready" (readiness.ts).
    expect(issues).toEqual([
      expect.objectContaining({
        type: 'WARNING',
        messageId: 'nameRequired',
        step: 'connect',
        integrationId: email.id,
      }),
      expect.objectContaining({
        type: 'WARNING',
        messageId: 'integrationNotReady',
        params: { name: 'Email', missing: 'give it a name' },
        step: 'connect',
        integrationId: email.id,
      }),
    ]);
    const invalid = { ...email, metadata: { ...email.metadata, to: 'not a list' } };
    expect(validateTemplate(buildTemplate({ integrations: [invalid] }), context)).toEqual([
      expect.objectContaining({ type: 'ERROR', messageId: 'metadataInvalid', integrationId: email.id }),
    ]);
  });

  it('gives link-based integrations the template’s link field', () => {
    const bitly = createIntegrationAssignment('bitly', { templateName: 'T', now: new Date() });
    const without = validateTemplate(buildTemplate({ integrations: [bitly] }), context).map(
      (i) => i.messageId,
    );
    const withLink = validateTemplate(
      buildTemplate({ integrations: [bitly], template_fields: [buildField(60, 'Link', 'link')] }),
      context,
    ).map((i) => i.messageId);
    expect(without).toContain('linkFieldRequired');
    expect(withLink).not.toContain('linkFieldRequired');
  });

  it('gives classification mappings the template’s creative and source-URL fields', () => {
    const aem = createIntegrationAssignment('adobe-experience-manager-inbound', {
      templateName: 'T',
      now: new Date(),
    });
    const contentId = {
      ...aem,
      mapping_fields: [
        {
          fieldName: 'labels',
          cvFieldId: CONTENT_ID_CATEGORY_ID,
          required: false,
          type: 'integration_field' as const,
          source_type: 'template_classification' as const,
        },
      ],
    };
    const classificationIds = (template: Template) =>
      ids(template).filter(
        (id) => id === 'contentIdNeedsCreativeField' || id === 'classificationSourceUrlRequired',
      );
    expect(classificationIds(buildTemplate({ integrations: [contentId] }))).toEqual([
      'contentIdNeedsCreativeField',
      'classificationSourceUrlRequired',
    ]);
    const fields = [
      buildField(80, 'Creative', 'creative'),
      buildField(81, 'Asset URL', 'text', { classification_parameter_type: 'SOURCE_URL' }),
    ];
    expect(classificationIds(buildTemplate({ integrations: [contentId], template_fields: fields }))).toEqual(
      [],
    );
  });
});

describe('validateTemplate: messages and blocking', () => {
  it('has a catalogue text for every issue, with every placeholder filled', () => {
    const template = buildTemplate({
      name: '',
      folder_id: null,
      template_fields: [
        buildField(70, 'Bare', null),
        buildField(71, 'Copy', 'autofill', { autofill: { field_id: 99 } }),
        buildField(72, 'L', 'list'),
      ],
      parameters: [{ name: 'x', field_id: null }],
    });
    const issues = validateTemplate(template, context);
    expect(issues.length).toBeGreaterThan(4);
    for (const issue of issues)
      expect(formatMessage(TEMPLATE_MESSAGES[issue.messageId], issue.params)).not.toMatch(/\{/);
    expect(hasBlockingTemplateIssues(issues)).toBe(true);
  });

  it('does not block on warnings only', () => {
    expect(
      hasBlockingTemplateIssues([
        { type: 'WARNING', messageId: 'patternUpdated', params: {}, step: 'govern' },
      ]),
    ).toBe(false);
  });
});

describe('templateFieldReferences (spec 03 §3)', () => {
  it('names fields by field id first, then template fields the save adds by their TEMP_ id', () => {
    const saved = buildField(5, 'Saved', 'text');
    const created = buildField('TEMP_new', 'New', 'text', { field_id: null, field: { id: null } });
    const clash = buildField('TEMP_x', 'Clash', 'text', { field_id: 'TEMP_new', field: { id: 'TEMP_new' } });
    const refs = templateFieldReferences([saved, created, clash]);
    expect(refs.get('5')).toBe(saved);
    expect(refs.get('TEMP_new')).toBe(clash);
    expect(refs.get('TEMP_x')).toBe(clash);
    expect(templateFieldReferences([created]).get('TEMP_new')).toBe(created);
  });
});

describe('templateIssueText (spec 03 §5 "messages carry the field or integration name")', () => {
  it('names the integration or field when the catalogue text does not', () => {
    expect(
      templateIssueText({ messageId: 'snowflakeTableNameEmpty', params: { name: 'Nightly load' } }),
    ).toBe('Nightly load: Table Name cannot be empty.');
    expect(templateIssueText({ messageId: 'valueRequired', params: { name: 'GA', item: 'Property' } })).toBe(
      'GA: Property is required',
    );
    expect(templateIssueText({ messageId: 'governanceTypeRequired', params: { field: 'Campaign' } })).toBe(
      'Campaign: choose a governance type',
    );
    expect(templateIssueText({ messageId: 'templateNameRequired', params: {} })).toBe(
      'Template name is required',
    );
  });
});

describe('validateTemplate on a 200-field template (issue 9, the bench:templates shape)', () => {
  it('finds exactly the 20 variable segments that still need a governance', () => {
    const { template, lists } = buildLargeTemplate();
    expect(template.template_fields).toHaveLength(200);
    expect(template.parameters).toHaveLength(10);
    expect(template.integrations).toHaveLength(10);
    const ctx = { featureFlags: [], lists };
    expect(new Set(ids(template, ctx))).toEqual(new Set(['governanceRequired']));
    expect(ids(template, ctx)).toHaveLength(20);
  });
});
