import { createIntegrationAssignment, type IntegrationAssignment } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { dv360Filter } from '../../integrations/dv360/reader';
import { importSince, objectsRead } from './source-objects';

/** The date window and filters the Google readers send (spec 03 §9: one year by default, two at most). */

const now = new Date('2026-06-15T12:00:00.000Z');

function assignment(slug: string, filters: IntegrationAssignment['filters'] = []): IntegrationAssignment {
  return { ...createIntegrationAssignment(slug, { templateName: 'T', now }), filters };
}

describe('importSince', () => {
  it('starts one year back when no date is chosen', () => {
    expect(importSince(assignment('google-cm360-inbound'), now)?.toISOString()).toBe(
      '2025-06-15T12:00:00.000Z',
    );
  });

  it('starts at the chosen date, but never more than two years back', () => {
    const chosen = assignment('google-dv360-inbound', [
      { integrationFilterId: 'updated_after', values: ['2026-01-01'] },
    ]);
    expect(importSince(chosen, now)?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const tooOld = assignment('google-dv360-inbound', [
      { integrationFilterId: 'updated_after', values: ['2020-01-01'] },
    ]);
    expect(importSince(tooOld, now)?.toISOString()).toBe('2024-06-15T12:00:00.000Z');
  });

  it('reads the legacy campaign manager start_date filter, and none for types without a date filter', () => {
    const legacy = assignment('google-dcm', [{ integrationFilterId: 'start_date', values: ['2025-12-24'] }]);
    expect(importSince(legacy, now)?.toISOString()).toBe('2025-12-24T00:00:00.000Z');
    expect(importSince(assignment('workfront-project-pull-task-trigger'), now)).toBeNull();
  });
});

describe('dv360Filter', () => {
  const since = new Date('2025-06-15T12:00:00.000Z');
  const lineItems = {
    collection: 'lineItems' as const,
    idField: 'lineItemId',
    label: 'line items',
    filtersTime: true,
  };

  it('joins status (OR), campaigns and the window with AND, quoting values', () => {
    const a = assignment('google-dv360-inbound', [
      { integrationFilterId: 'status', values: ['ACTIVE', 'PAUSED', 'UNKNOWN'] },
      { integrationFilterId: 'campaign_ids', values: ['61'] },
    ]);
    expect(dv360Filter(a, lineItems, since)).toBe(
      '(entityStatus="ENTITY_STATUS_ACTIVE" OR entityStatus="ENTITY_STATUS_PAUSED") AND campaignId="61" AND updateTime>="2025-06-15T12:00:00.000Z"',
    );
  });

  it('leaves out what a list cannot filter on', () => {
    const a = assignment('google-dv360-inbound', [{ integrationFilterId: 'campaign_ids', values: ['61'] }]);
    const adGroups = {
      collection: 'adGroups' as const,
      idField: 'adGroupId',
      label: 'ad groups',
      filtersTime: false,
    };
    expect(dv360Filter(a, adGroups, since)).toBe('');
  });
});

describe('objectsRead', () => {
  it('keys each row and versions it by its change time, or by a hash of its cells', () => {
    const read = objectsRead(
      'things',
      [
        { id: 1, at: '2026-01-01', tags: ['a'] },
        { id: 2, at: undefined, tags: null },
      ],
      ['id', 'tags'],
      (o, c) => o[c as 'id' | 'tags'],
      (o) => `thing:${o.id}`,
      (o) => o.at,
    );
    expect(read.table).toEqual({
      header: ['id', 'tags'],
      rows: [
        ['1', '["a"]'],
        ['2', ''],
      ],
    });
    expect(read.items[0]).toEqual({ key: 'thing:1', version: '2026-01-01' });
    expect(read.items[1]!.version).toMatch(/^[0-9a-f]{32}$/);
  });
});
