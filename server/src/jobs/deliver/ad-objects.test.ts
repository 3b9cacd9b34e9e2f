import { describe, expect, it } from 'vitest';
import { linkAndUrlTags } from '../../integrations/meta/deliverer';
import { ProviderError } from '../../integrations/provider-error';
import { DeliveryError } from '../delivery';
import { type AdObjectPlatform, mappedUpdate, type ObjectValues, updateMappedObjects } from './ad-objects';
import type { DeliveryContext } from './context';

const m = (fieldName: string, cvFieldId: number | null) => ({
  fieldName,
  label: fieldName,
  cvFieldId,
  required: false,
  type: 'integration_field' as const,
  source_type: 'field' as const,
});
/** Mappings name saved fields 101-103, which the template holds as template fields 1-3. */
const assignment = (mappings: ReturnType<typeof m>[]) =>
  ({
    assignment: { mapping_fields: mappings },
    template: { template_fields: [1, 2, 3].map((id) => ({ id, field_id: 100 + id })) },
  }) as unknown as Pick<DeliveryContext, 'assignment' | 'template'>;

describe('mappedUpdate', () => {
  it('takes the first mapped id name and the writable fields as template fields, renaming and ignoring as told', () => {
    const update = mappedUpdate(
      assignment([m('id', 101), m('name', 102), m('adset_id', 103), m('ad_id', null)]),
      {
        idNames: ['ad_id', 'id'],
        writable: ['ad_name'],
        rename: { name: 'ad_name' },
        ignored: ['adset_id'],
        objects: 'ads',
      },
    );
    expect(update).toEqual({ idFieldId: 1, values: new Map([['ad_name', 2]]) });
  });

  it('refuses a mapping without the id, or with a field the platform cannot update, naming it', () => {
    const spec = { idNames: ['id'], writable: ['name'], objects: 'ads' };
    expect(() => mappedUpdate(assignment([m('name', 102)]), spec)).toThrow(/Map a template field to "id"/);
    expect(() => mappedUpdate(assignment([m('id', 999)]), spec)).toThrow(/no longer on the template/);
    const error = (() => {
      try {
        mappedUpdate(assignment([m('id', 101), m('objective', 102)]), spec);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ permanent: true, message: expect.stringContaining('"objective"') });
  });
});

describe('updateMappedObjects', () => {
  it('writes only what differs, once per object and values, and reports missing ids, rows without one and blank rows', async () => {
    const store = new Map<string, Record<string, string>>([
      ['1', { name: 'old' }],
      ['2', { name: 'same' }],
    ]);
    const writes: [string, ObjectValues][] = [];
    const platform: AdObjectPlatform = {
      label: 'Test',
      objects: 'ads',
      read: async (id, fields) => {
        const o = store.get(id);
        return o ? Object.fromEntries(fields.map((f) => [f, o[f] ?? ''])) : null;
      },
      write: async (id, changes) => {
        writes.push([id, changes]);
        Object.assign(store.get(id)!, changes);
      },
    };
    const rows = [
      { cv_id: 'a', data: { '10': '1', '11': 'new' } },
      { cv_id: 'b', data: { '10': '1', '11': 'new' } },
      { cv_id: 'c', data: { '10': '2', '11': 'same' } },
      { cv_id: 'd', data: { '10': '99', '11': 'x' } },
      { cv_id: 'e', data: { '10': ' ', '11': 'x' } },
      // A blank cell sets nothing: the name is not cleared.
      { cv_id: 'f', data: { '10': '2', '11': '  ' } },
    ];
    const result = await updateMappedObjects({ rows }, platform, {
      idFieldId: 10,
      values: new Map([['name', 11]]),
    });
    expect(writes).toEqual([['1', { name: 'new' }]]);
    expect(result).toEqual({
      items: ['1'],
      message:
        'Updated 1 ad: 1; 1 already up to date; 1 not found on Test: 99; 1 row without an id; 1 row with no values to set',
    });
  });
});

describe('updateMappedObjects failures', () => {
  it('a refused update ends the attempt permanently, naming the object and what it had already updated', async () => {
    const platform: AdObjectPlatform = {
      label: 'Test',
      objects: 'ads',
      read: async () => ({ name: 'old' }),
      write: async (id) => {
        if (id === '2')
          throw new ProviderError({
            provider: 'meta',
            code: 'HTTP',
            status: 400,
            providerMessage: 'Invalid parameter',
            operation: 'POST /{id}',
          });
      },
    };
    const rows = [
      { cv_id: 'a', data: { '10': '1', '11': 'new' } },
      { cv_id: 'b', data: { '10': '2', '11': 'new' } },
    ];
    const error = await updateMappedObjects({ rows }, platform, {
      idFieldId: 10,
      values: new Map([['name', 11]]),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ permanent: true });
    expect((error as Error).message).toMatch(
      /^Updating ad 2 on Test failed: .*Invalid parameter.* \(updated before it: 1\)$/,
    );
  });
});

describe('linkAndUrlTags', () => {
  it('splits the generated link into the link and url_tags, with mapped values as Facebook parameters', () => {
    expect(
      linkAndUrlTags(
        'https://acme.com/spring?utm_source=facebook&utm_campaign=Spring%20Sale&utm_content=Hero+A#top',
        new Map([
          ['Spring Sale', 'campaign.name'],
          ['Hero A', 'ad.name'],
        ]),
      ),
    ).toEqual({
      link: 'https://acme.com/spring',
      url_tags: 'utm_source=facebook&utm_campaign={{campaign.name}}&utm_content={{ad.name}}',
    });
    expect(linkAndUrlTags(' https://acme.com/x ', new Map())).toEqual({
      link: 'https://acme.com/x',
      url_tags: '',
    });
  });
});
