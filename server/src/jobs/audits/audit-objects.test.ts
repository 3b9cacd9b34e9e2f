import { compileAuditRules, type SubmissionForm } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { type AuditObject, auditObjectsOf, changedSince, linkOf, scoreObjects } from './audit-objects';

describe('auditObjectsOf', () => {
  it("reads each row's id, name, link, campaign, owner and change time by the platform's column names", () => {
    const objects = auditObjectsOf({
      label: 'ad click-through URLs of profile 1',
      table: {
        header: ['id', 'name', 'campaignId', 'clickThroughUrl', 'createdBy', 'updated_time'],
        rows: [
          [
            '11',
            'EMEA_Social',
            '7',
            '{"computedClickThroughUrl":"https://acme.com/a?utm_source=x"}',
            'ann',
            '2026-03-01',
          ],
          ['12', 'APAC_Search', '', '', '', ''],
        ],
      },
      items: [],
    });
    expect(objects).toEqual([
      {
        objectId: '11',
        name: 'EMEA_Social',
        url: 'https://acme.com/a?utm_source=x',
        campaign: '7',
        owner: 'ann',
        updated: '2026-03-01',
      },
      { objectId: '12', name: 'APAC_Search', url: '', campaign: '', owner: '', updated: '' },
    ]);
  });

  it('needs a name column', () => {
    expect(() =>
      auditObjectsOf({ label: 'rows', table: { header: ['id', 'title'], rows: [] }, items: [] }),
    ).toThrow('rows: no name column (columns: id, title)');
  });
});

describe('linkOf', () => {
  it('reads a link held as text, as an object or as a list', () => {
    expect(linkOf(' https://acme.com/ ')).toBe('https://acme.com/');
    expect(linkOf('utm_source=Social')).toBe('utm_source=Social');
    expect(linkOf('{"defaultLandingPage":true,"customClickThroughUrl":"https://acme.com/c"}')).toBe(
      'https://acme.com/c',
    );
    expect(linkOf('["https://acme.com/final", "https://acme.com/other"]')).toBe('https://acme.com/final');
    expect(linkOf('{"defaultLandingPage":true}')).toBe('');
    expect(linkOf('{not json')).toBe('{not json');
  });
});

describe('changedSince', () => {
  it('keeps objects changed on or after the day, and those whose change time cannot be read', () => {
    const at = (updated: string) => ({
      objectId: updated,
      name: 'n',
      url: '',
      campaign: '',
      owner: '',
      updated,
    });
    const kept = changedSince(
      [at('2026-02-28T23:59:59Z'), at('2026-03-01 00:00:00'), at('1772409600'), at('')],
      '2026-03-01',
    );
    expect(kept.map((o) => o.objectId)).toEqual(['2026-03-01 00:00:00', '1772409600', '']);
    expect(changedSince([at('2020-01-01')], null)).toHaveLength(1);
  });
});

describe('scoreObjects', () => {
  // A pattern of one segment, Region, drawing from the list Regions (EMEA, APAC).
  const rules = compileAuditRules(
    {
      template_name: 'T',
      patterns: [
        {
          field_id: 10,
          name: 'P',
          delimiter: '_',
          must_be_unique: false,
          segments: [{ id: 1, name: 'Region', segment_precedence: 0, segment_type: 'variable' }],
        },
      ],
      fields: [
        {
          id: 101,
          field_id: 11,
          governance_type: 'list',
          list_governance: { list_id: 5, list_column_id: 50 },
          field: { segment_parent_field_id: 10, segment_id: 1 },
        },
      ],
      parameters: [],
      lists: [
        {
          id: 5,
          name: 'Regions',
          type: 'drop-down',
          columns: [{ id: 50, name: 'R' }],
          rows: [['EMEA'], ['APAC']],
        },
      ],
    } as unknown as SubmissionForm,
    null,
  );
  const object = (objectId: string, name: string, campaign: string, url = ''): AuditObject => ({
    objectId,
    name,
    url,
    campaign,
    owner: '',
    updated: '',
  });

  it('scores compliant objects and accepted exceptions, breaks down by campaign, counts reasons, adds page problems', () => {
    const { findings, result } = scoreObjects(
      rules,
      [
        object('1', 'EMEA', 'Spring'),
        object('2', 'Emea', 'Spring'),
        object('3', 'APAC', 'Summer', 'https://acme.test/gone'),
        object('4', 'Mars', 'Summer'),
      ],
      new Set(['4', '1']),
      { platform: 'Meta', account: 'act_1' },
      new Map([['https://acme.test/gone', 'landing page answers 404']]),
    );
    expect(result).toMatchObject({
      objects: 4,
      compliant: 1,
      violations: 2,
      exceptions: 1,
      score: 0.5,
      reason_counts: { not_in_list: 1, landing_page: 1 },
      breakdown: {
        platform: [{ key: 'Meta', objects: 4, compliant: 2 }],
        account: [{ key: 'act_1', objects: 4, compliant: 2 }],
        campaign: [
          { key: 'Spring', objects: 2, compliant: 1 },
          { key: 'Summer', objects: 2, compliant: 1 },
        ],
        owner: [],
      },
    });
    expect(findings.map((f) => [f.object_id, f.verdict, f.suggested_name])).toEqual([
      ['2', 'violation', 'EMEA'],
      ['3', 'violation', null],
      ['4', 'exception', null],
    ]);
    expect(findings[1]!.reasons).toEqual([{ kind: 'landing_page', message: 'landing page answers 404' }]);
  });

  it('has no score without objects', () => {
    expect(scoreObjects(rules, [], new Set(), { platform: 'Meta', account: 'a' }).result.score).toBeNull();
  });
});
