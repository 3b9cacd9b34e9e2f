import { describe, expect, it } from 'vitest';
import type { SubmissionForm } from '../submissions/submission-form';
import { checkAuditObject, compileAuditRules } from './audit-rules';

/**
 * The checks of one live object against a template (README "Audits"): a pattern `<Region>_<Campaign>`
 * whose Region field draws from the list Regions, a link field restricted to acme.com, and the
 * link parameters utm_campaign (the name) and utm_medium (the Region field).
 */
const form = {
  template_id: 1,
  template_name: 'Creatives',
  rollup_dataset_id: null,
  settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
  patterns: [
    {
      field_id: 10,
      name: 'Creative name',
      delimiter: '_',
      must_be_unique: false,
      segments: [
        { id: 1, name: 'Region', segment_precedence: 0, segment_type: 'variable' },
        { id: 2, name: 'Campaign', segment_precedence: 1, segment_type: 'variable' },
      ],
    },
  ],
  fields: [
    {
      id: 100,
      field_id: 10,
      governance_type: 'pattern',
      field: { segment_parent_field_id: null, segment_id: null },
    },
    {
      id: 101,
      field_id: 11,
      governance_type: 'list',
      list_governance: { list_id: 5, list_column_id: 50 },
      field: { segment_parent_field_id: 10, segment_id: 1 },
    },
    { id: 102, field_id: 12, governance_type: 'text', field: { segment_parent_field_id: 10, segment_id: 2 } },
    {
      id: 103,
      field_id: null,
      governance_type: 'link',
      link_governance: { domain_restrictions: ['acme.com'] },
      field: { segment_parent_field_id: null, segment_id: null },
    },
  ],
  parameters: [
    { name: 'utm_campaign', template_field_id: 100 },
    { name: 'utm_medium', template_field_id: 101 },
  ],
  lists: [
    {
      id: 5,
      name: 'Regions',
      type: 'drop-down',
      columns: [{ id: 50, name: 'Region' }],
      rows: [['EMEA'], ['North America']],
    },
  ],
  autonumbers: [],
} as unknown as SubmissionForm;

const rules = compileAuditRules(form, null);
const check = (name: string, url: string) => checkAuditObject(rules, name, url);

describe('checkAuditObject', () => {
  it('finds nothing wrong with a name and link the template would make', () => {
    expect(
      check('EMEA_Spring', 'https://www.acme.com/shoes?utm_campaign=EMEA_Spring&utm_medium=EMEA'),
    ).toEqual({
      reasons: [],
      suggestedName: null,
      suggestedUrl: null,
    });
    // A platform without links (or an object without one) is judged on its name alone.
    expect(check('North America_Spring sale', '').reasons).toEqual([]);
  });

  it('names a value outside its list, the value meant and the name the template would make', () => {
    expect(check('North america_Spring', '')).toEqual({
      reasons: [
        {
          kind: 'not_in_list',
          message: "Segment Region: 'North america' is not in Regions; did you mean 'North America'?",
          segment: '1',
        },
      ],
      suggestedName: 'North America_Spring',
      suggestedUrl: null,
    });
  });

  it('fills a missing parameter from the (suggested) name and corrects a value outside its list', () => {
    const verdict = check('Emea_Spring', 'https://acme.com/?utm_medium=emea');
    expect(verdict.reasons.map((r) => r.kind)).toEqual([
      'not_in_list',
      'missing_parameter',
      'disallowed_value',
    ]);
    expect(verdict.reasons.map((r) => r.message)).toContain(
      "utm_medium: 'emea' is not in Regions; did you mean 'EMEA'?",
    );
    expect(verdict.suggestedName).toBe('EMEA_Spring');
    expect(verdict.suggestedUrl).toBe('https://acme.com/?utm_medium=EMEA&utm_campaign=EMEA_Spring');
  });

  it('reads a bare query string (url_tags) as the link, without a host to check', () => {
    expect(check('EMEA_Spring', 'utm_medium=EMEA')).toMatchObject({
      reasons: [{ kind: 'missing_parameter', message: 'missing utm_campaign' }],
      suggestedUrl: 'utm_medium=EMEA&utm_campaign=EMEA_Spring',
    });
  });

  it('refuses a host outside the domain restrictions and a URL that cannot be read', () => {
    expect(
      check('EMEA_Spring', 'https://acme.com.evil.test/?utm_campaign=EMEA_Spring&utm_medium=EMEA').reasons,
    ).toEqual([
      { kind: 'domain_not_allowed', message: 'acme.com.evil.test is not an allowed domain (acme.com)' },
    ]);
    expect(check('EMEA_Spring', 'https://').reasons).toEqual([
      { kind: 'invalid_url', message: "'https://' is not a URL" },
    ]);
  });

  it('says when an object has no name', () => {
    expect(check('  ', '').reasons).toEqual([{ kind: 'missing_name', message: 'The object has no name' }]);
  });

  it('refuses a template without the pattern field asked for', () => {
    expect(() => compileAuditRules(form, 99)).toThrow('Creatives has no pattern field to read names with');
  });
});
