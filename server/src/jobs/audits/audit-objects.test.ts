import { describe, expect, it } from 'vitest';
import { auditObjectsOf, changedSince, linkOf } from './audit-objects';

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
