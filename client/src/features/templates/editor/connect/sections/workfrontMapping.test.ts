import { describe, expect, it } from 'vitest';
import { workfrontTemplateSchema } from '../useProviderChoices';
import { mappedFields, withMappedParameter, workfrontParameters } from './workfrontMapping';

describe('Workfront parameter mapping (spec 03 §3 campaignDataMappedFields)', () => {
  it('lists the parameters of every category', () => {
    const template = workfrontTemplateSchema.parse({
      ID: 't1',
      name: 'Launch',
      objectCategories: [
        { category: { name: 'Brief', categoryParameters: [{ parameter: { ID: 'p1', name: 'Market' } }] } },
        { category: { categoryParameters: [{ parameter: { ID: 'p2', name: 'Budget' } }] } },
      ],
    });
    expect(workfrontParameters(template)).toEqual([
      { id: 'p1', name: 'Market', category: 'Brief' },
      { id: 'p2', name: 'Budget', category: '' },
    ]);
    expect(workfrontParameters(undefined)).toEqual([]);
  });

  it('maps a parameter to one field, replacing its former field, and unmaps it', () => {
    const market = { id: 'p1', name: 'Market' };
    const once = withMappedParameter([], market, { value: '7', label: 'Region' });
    expect(once).toEqual([
      {
        workfrontParameterId: 'p1',
        workfrontParameterName: 'Market',
        nomenTemplateFieldId: 7,
        nomenTemplateFieldName: 'Region',
      },
    ]);
    const again = withMappedParameter(once, market, { value: '8', label: 'Country' });
    expect(again.map((m) => m.nomenTemplateFieldId)).toEqual([8]);
    expect(withMappedParameter(again, market, null)).toEqual([]);
  });

  it('reads no mapping from anything but a list', () => {
    expect(mappedFields(undefined)).toEqual([]);
    expect(mappedFields('x')).toEqual([]);
  });
});
