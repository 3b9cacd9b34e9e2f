import { integrationDefaultFields, integrationFor } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { AMAZON_DATA_TYPES, amazonHeader } from './reader';

/** The retail ads data types the connect step offers are the ones the reader reads (spec 03 §3). */

const offered = integrationFor('amazon-ads-inbound').dataTypes.map((t) => t.value);

describe('amazon-ads-inbound data types', () => {
  it('reads every data type the integration offers, and no other', () => {
    expect(Object.keys(AMAZON_DATA_TYPES).sort()).toEqual([...offered].sort());
  });

  it.each(offered)('%s: its delivery report is of its ad product and keyed by its id field', (t) => {
    const spec = AMAZON_DATA_TYPES[t]!;
    const product = { sp: 'SPONSORED_PRODUCTS', sb: 'SPONSORED_BRANDS', sd: 'SPONSORED_DISPLAY' }[
      spec.source.api
    ];
    expect(spec.report.adProduct).toBe(product);
    expect(spec.report.idColumn).toBe(spec.idField);
    expect(spec.report.reportTypeId.slice(0, 2)).toBe(spec.source.api);
    // Every retail ads data type offers the four metric columns with the flag on.
    expect(integrationDefaultFields('amazon-ads-inbound', t, true).map((f) => f.fieldName)).toEqual([
      'id',
      'name',
      'impressions',
      'clicks',
      'spend',
      'conversions',
    ]);
  });

  it.each(offered)('%s: the default mapping fields are columns of the read table, id and name first', (t) => {
    const header = amazonHeader(AMAZON_DATA_TYPES[t]!);
    const defaults = integrationDefaultFields('amazon-ads-inbound', t).map((f) => f.fieldName);
    expect(defaults).toEqual(['id', 'name']);
    expect(header.slice(0, 2)).toEqual(defaults);
    expect(new Set(header).size).toBe(header.length);
  });
});
