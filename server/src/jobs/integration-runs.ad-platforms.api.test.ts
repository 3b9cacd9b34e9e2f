import { addFieldsetFields, newTemplate, type TemplateField } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetaStandin } from '../../../tests/standins/meta';
import { PinterestStandin } from '../../../tests/standins/pinterest';
import { SnapchatStandin } from '../../../tests/standins/snapchat';
import { TikTokStandin } from '../../../tests/standins/tiktok';
import { insertOAuthConnector } from '../test/connectors';
import { endedRuns, offsetFieldIds, outbound } from '../test/integration-runs-fixtures';
import { type JobsContext, rerunAfterCrash, startJobsContext } from '../test/jobs-context';
import type { SignedIn, TestAccount, TestContext } from '../test/test-context';

/**
 * Ad-platform outbound integrations update the mapped objects (issue 12 item 4): facebook-ads,
 * facebook-ads-update, facebook-marketing-outbound, tiktok-outbound, snapchat-marketing-outbound
 * and pinterest-outbound, each through its typed client against a local stand-in of the
 * provider's published reference (tests/standins). Each test submits rows naming objects and
 * reads what the stand-in holds afterwards and what the run says.
 */

const meta = new MetaStandin({
  validTokens: ['EAAB-ads'],
  me: { id: '10158', name: 'Acme Ads Bot' },
  adAccounts: [
    {
      account_id: '777',
      name: 'Acme Retail',
      objects: {
        campaigns: [{ id: '5001', name: 'Spring', status: 'ACTIVE' }],
        ads: [
          { id: '6001', name: 'Spring ad', status: 'ACTIVE', creative_id: '8001' },
          { id: '6002', name: 'Summer ad', status: 'PAUSED', creative_id: '8001' },
          { id: '7001', name: 'Legacy A', status: 'ACTIVE', creative_id: '8001' },
          { id: '7002', name: 'Legacy B', status: 'ACTIVE', creative_id: '8001' },
          { id: '7003', name: 'Legacy C', status: 'ACTIVE', creative_id: '8001' },
        ],
        adcreatives: [
          {
            id: '8001',
            name: 'Spring creative',
            url_tags: '',
            object_story_spec: {
              page_id: '4401',
              link_data: { link: 'https://acme.com/old', message: 'Hi' },
            },
          },
        ],
      },
    },
  ],
});
const tiktok = new TikTokStandin({
  app: { appId: 'tt-app', secret: 'tt-secret' },
  advertiserIds: ['7100'],
  validTokens: ['tt-token-1'],
  objects: {
    '7100': {
      campaign: [
        { campaign_id: '1701', campaign_name: 'Spring TT', budget: 100 },
        { campaign_id: '1702', campaign_name: 'Summer TT', budget: 200 },
      ],
      ad: [
        {
          ad_id: '1901',
          adgroup_id: '1801',
          ad_name: 'TT ad',
          ad_text: 'Buy now',
          landing_page_url: 'https://acme.com/old',
          identity_id: 'id-1',
          identity_type: 'CUSTOMIZED_USER',
          video_id: 'v-1',
          ad_format: 'SINGLE_VIDEO',
        },
      ],
    },
  },
});
const snapchat = new SnapchatStandin({
  validTokens: ['snap-token-1'],
  entities: {
    ads: [
      {
        id: 'a1b2',
        name: 'Snap ad',
        status: 'ACTIVE',
        ad_squad_id: 'sq1',
        creative_id: 'cr1',
        type: 'REMOTE_WEBPAGE',
      },
    ],
  },
});
const pinterest = new PinterestStandin({
  validTokens: ['pin-token-1'],
  adAccounts: [
    {
      id: '549755885175',
      name: 'Acme Pins',
      objects: {
        campaigns: [
          { id: '626735565838', name: 'Pin spring', status: 'ACTIVE', lifetime_spend_cap: 1000000 },
        ],
        ads: [
          { id: '687195905986', name: 'Pin ad', status: 'ACTIVE', destination_url: 'https://acme.com/old' },
        ],
      },
    },
  ],
});

let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;
let running: JobsContext;

beforeAll(async () => {
  running = await startJobsContext({
    peers: [meta, tiktok, snapchat, pinterest],
    env: () => ({
      META_GRAPH_API_URL: meta.graphUrl,
      TIKTOK_API_URL: `${tiktok.url}/open_api/v1.3`,
      SNAPCHAT_API_URL: snapchat.apiUrl,
      PINTEREST_API_URL: pinterest.apiUrl,
    }),
    retryLimit: 2,
    beforeJobs: offsetFieldIds,
  });
  ({ ctx, account, admin } = running);
});

afterAll(() => running?.close());

/** A connected account of `slug` holding `accessToken`, as the authorisation flow leaves it. */
async function oauthConnector(slug: string, accessToken: string): Promise<number> {
  return insertOAuthConnector(ctx, { accountId: account.id, type: slug, accessToken });
}

/** Template field ids of the test template. */
interface Fields {
  objectId: number;
  value: number;
  creative: number;
  label: number;
}

/** A mapping row: the platform's `fieldName` filled from template field `cvFieldId`. */
function mapping(fieldName: string, cvFieldId: number) {
  return {
    fieldName,
    label: fieldName,
    cvFieldId,
    required: true,
    type: 'integration_field',
    source_type: 'field',
  };
}

/** A template with text fields Object ID, Value, Creative and Label, carrying `integrations(fields)`. */
async function adTemplate(integrations: (f: Fields) => unknown[]): Promise<{ id: number; fields: Fields }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const text = (id: string, name: string) => ({
    id,
    name,
    governance_type: 'text',
    validation: { characters: 'any' },
  });
  const set = await admin.put('/api/v1/account/fieldsets').send({
    name: `Ad fields ${tag}`,
    fields: [
      text('TEMP_a', 'Object ID'),
      text('TEMP_b', 'Value'),
      text('TEMP_c', 'Creative'),
      text('TEMP_d', 'Label'),
    ],
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const folder = await admin.put('/api/v1/account/folder').send({ name: `Ads ${tag}`, description: '' });
  const draft = addFieldsetFields(newTemplate({ templateName: 'Ads', now: new Date() }), set.body.fieldset);
  const saved = await admin.put('/api/v1/account/template/').send({
    ...draft,
    name: `Ads ${tag}`,
    folder_id: folder.body.folder.id,
    integrations: [],
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const got = await admin.get(`/api/v1/account/template/${saved.body.id}`);
  const tfs = got.body.template_fields as TemplateField[];
  const idOf = (name: string) => tfs.find((f) => f.field.name === name)!.id as number;
  const fields = {
    objectId: idOf('Object ID'),
    value: idOf('Value'),
    creative: idOf('Creative'),
    label: idOf('Label'),
  };
  // Integrations name saved fields (mapping cvFieldId, fieldMapping); rows are keyed by template field.
  const savedOf = (id: number) => tfs.find((f) => f.id === id)!.field_id as number;
  const savedIds = {
    objectId: savedOf(fields.objectId),
    value: savedOf(fields.value),
    creative: savedOf(fields.creative),
    label: savedOf(fields.label),
  };
  const again = await admin
    .put('/api/v1/account/template/')
    .send({ ...got.body, integrations: integrations(savedIds) });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  return { id: saved.body.id, fields };
}

/** Submits rows of [Object ID, Value, Creative?, Label?]; answers the submission id. */
async function submit(
  template: { id: number; fields: Fields },
  rows: [string, string, string?, string?][],
  name = 'Ads week',
): Promise<number> {
  const f = template.fields;
  const res = await admin.post('/api/v1/account/submissions').send({
    template_id: template.id,
    name,
    rows: rows.map(([id, value, creative = '', label = '']) => ({
      [f.objectId]: id,
      [f.value]: value,
      [f.creative]: creative,
      [f.label]: label,
    })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe('facebook-marketing-outbound (Marketing API stand-in)', () => {
  it('renames each ad the rows name, reports an unknown id, and a retry after a fault re-applies nothing', async () => {
    const id = await oauthConnector('facebook-marketing', 'EAAB-ads');
    const template = await adTemplate((f) => [
      outbound('facebook-marketing-outbound', {
        name: 'Ad names',
        connector_id: id,
        metadata: { data_type: 'ads', adAccountsLinked: '777' },
        mapping_fields: [mapping('ad_id', f.objectId), mapping('name', f.value)],
      }),
    ]);
    // The second ad's update fails once with a Graph fault; the retry finds the first already done.
    meta.injectOnce({
      method: 'POST',
      path: '/v23.0/6002',
      answer: { status: 500, body: { error: { message: 'An unknown error occurred', code: 1 } } },
    });
    const submissionId = await submit(template, [
      ['6001', 'Spring ad v2'],
      ['6002', 'Summer ad v2'],
      ['238001', 'Ghost ad'],
    ]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Success', attempts: 2, files: ['6002'] });
    expect(run!.message).toBe('Updated 1 ad: 6002; 1 already up to date; 1 not found on Facebook: 238001');
    expect(meta.find('6001')!.item.name).toBe('Spring ad v2');
    expect(meta.find('6002')!.item.name).toBe('Summer ad v2');
    expect(meta.requests.filter((r) => r.method === 'POST' && r.path === '/v23.0/6001')).toHaveLength(1);
  });

  it('renames campaigns by their id', async () => {
    const id = await oauthConnector('facebook-marketing', 'EAAB-ads');
    const template = await adTemplate((f) => [
      outbound('facebook-marketing-outbound', {
        name: 'Campaign names',
        connector_id: id,
        metadata: { data_type: 'campaigns' },
        mapping_fields: [mapping('id', f.objectId), mapping('name', f.value)],
      }),
    ]);
    const [run] = await endedRuns(admin, await submit(template, [['5001', 'Spring 2027']]));
    expect(run).toMatchObject({ status: 'Success', message: 'Updated 1 campaign: 5001' });
    expect(meta.find('5001')!.item.name).toBe('Spring 2027');
  });

  it('a mapped field Graph cannot update fails the run at once naming it', async () => {
    const id = await oauthConnector('facebook-marketing', 'EAAB-ads');
    const template = await adTemplate((f) => [
      outbound('facebook-marketing-outbound', {
        name: 'Bad mapping',
        connector_id: id,
        metadata: { data_type: 'ads' },
        mapping_fields: [mapping('ad_id', f.objectId), mapping('objective', f.value)],
      }),
    ]);
    const [run] = await endedRuns(admin, await submit(template, [['6001', 'x']]));
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain('"objective"');
  });

  it('a token Facebook refuses: Failed at once, no retry', async () => {
    const id = await oauthConnector('facebook-marketing', 'EAAB-revoked');
    const template = await adTemplate((f) => [
      outbound('facebook-marketing-outbound', {
        name: 'Revoked',
        connector_id: id,
        metadata: { data_type: 'ads' },
        mapping_fields: [mapping('ad_id', f.objectId), mapping('name', f.value)],
      }),
    ]);
    const [run] = await endedRuns(admin, await submit(template, [['6001', 'Never']]));
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain("Meta refused the connected account's credentials");
    expect(run!.message).not.toContain('EAAB-revoked');
    expect(meta.find('6001')!.item.name).not.toBe('Never');
  });
});

// The Facebook parameter comes from the metadata fieldMapping, or from a mapping row named after it.
describe.each([
  ['facebook-ads', '7002', 'fieldMapping'],
  ['facebook-ads-update', '7001', 'mapping row'],
])('%s (legacy; Marketing API stand-in; parameter by %s)', (slug, adId, how) => {
  it('points the ad at a copy of its creative carrying the generated link; again with the same link changes nothing', async () => {
    const id = await oauthConnector('facebook', 'EAAB-ads');
    const template = await adTemplate((f) => [
      outbound(slug, {
        name: `Links ${slug}`,
        connector_id: id,
        metadata: {
          adAccountsLinked: '777',
          ...(how === 'fieldMapping'
            ? { fieldMapping: [{ fbParameterName: 'campaign.name', facebookTemplateFieldId: f.label }] }
            : {}),
        },
        mapping_fields: [
          mapping('ad_id', f.objectId),
          mapping('generated_link', f.value),
          mapping('creative_id', f.creative),
          ...(how === 'mapping row' ? [mapping('campaign.name', f.label)] : []),
        ],
      }),
    ]);
    const link = `https://acme.com/${slug}?utm_source=facebook&utm_campaign=Spring%20Sale`;
    const rows: [string, string, string, string][] = [
      [adId, link, '8001', 'Spring Sale'],
      ['238002', link, '8001', 'Spring Sale'],
    ];
    const [run] = await endedRuns(admin, await submit(template, rows, `${slug} 1`));
    expect(run).toMatchObject({ status: 'Success', attempts: 1 });
    expect(run!.message).toBe(`Updated 1 ad: ${adId}; 1 not found on Facebook: 238002`);
    const ad = meta.find(adId)!.item;
    expect(ad.creative_id).not.toBe('8001');
    const creative = meta.find(String(ad.creative_id))!.item;
    expect(creative).toMatchObject({
      url_tags: 'utm_source=facebook&utm_campaign={{campaign.name}}',
      object_story_spec: { page_id: '4401', link_data: { link: `https://acme.com/${slug}`, message: 'Hi' } },
    });
    expect(meta.find('8001')!.item.url_tags).toBe('');

    const creativesBefore = meta.requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/adcreatives'),
    ).length;
    const [again] = await endedRuns(admin, await submit(template, rows.slice(0, 1), `${slug} 2`));
    expect(again!.message).toBe('Updated 0 ads; 1 already up to date');
    expect(meta.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/adcreatives'))).toHaveLength(
      creativesBefore,
    );
  });
});

describe('facebook-ads after a crash', () => {
  it('a retry after a crash between making the creative and pointing the ad at it uses that creative: one copy, Success', async () => {
    const id = await oauthConnector('facebook', 'EAAB-ads');
    const template = await adTemplate((f) => [
      outbound('facebook-ads', {
        name: 'Links after a crash',
        connector_id: id,
        metadata: { adAccountsLinked: '777' },
        mapping_fields: [
          mapping('ad_id', f.objectId),
          mapping('generated_link', f.value),
          mapping('creative_id', f.creative),
        ],
      }),
    ]);
    const link = 'https://acme.com/crash?utm_source=facebook&utm_medium=paid';
    const isCreate = (r: { method: string; path: string }) =>
      r.method === 'POST' && r.path.endsWith('/adcreatives');
    const createsBefore = meta.requests.filter(isCreate).length;
    const [run] = await endedRuns(admin, await submit(template, [['7003', link, '8001', 'x']], 'Crash 1'));
    expect(run).toMatchObject({ status: 'Success', message: 'Updated 1 ad: 7003' });
    const copy = String(meta.find('7003')!.item.creative_id);
    expect(copy).not.toBe('8001');
    expect(meta.requests.filter(isCreate)).toHaveLength(createsBefore + 1);

    // The process died after Facebook made the copy and before the ad was pointed at it: the ad
    // still shows the old creative and the run is still Running.
    meta.find('7003')!.item.creative_id = '8001';
    const runId = (run as { id: number }).id;
    const after = await rerunAfterCrash(ctx, runId, account.id);
    expect(after).toEqual({ status: 'Success', message: 'Updated 1 ad: 7003' });
    expect(meta.find('7003')!.item.creative_id).toBe(copy);
    expect(meta.requests.filter(isCreate)).toHaveLength(createsBefore + 1);
  });
});

describe('tiktok-outbound (TikTok Marketing API stand-in)', () => {
  it('renames campaigns and updates an ad whole within its ad group; unknown ids are reported', async () => {
    const id = await oauthConnector('tiktok', 'tt-token-1');
    const template = await adTemplate((f) => [
      outbound('tiktok-outbound', {
        name: 'TT campaigns',
        connector_id: id,
        metadata: { data_type: 'campaigns', adAccountsLinked: '7100' },
        mapping_fields: [mapping('id', f.objectId), mapping('name', f.value)],
      }),
    ]);
    const [run] = await endedRuns(
      admin,
      await submit(template, [
        ['1701', 'Spring TT v2'],
        ['1702', 'Summer TT'],
        ['238003', 'Ghost'],
      ]),
    );
    expect(run).toMatchObject({ status: 'Success', attempts: 1 });
    expect(run!.message).toBe(
      'Updated 1 campaign: 1701; 1 already up to date; 1 not found on TikTok: 238003',
    );
    expect(tiktok.objectsOf('7100', 'campaign')[0]).toMatchObject({
      campaign_name: 'Spring TT v2',
      budget: 100,
    });

    const ads = await adTemplate((f) => [
      outbound('tiktok-outbound', {
        name: 'TT ads',
        connector_id: id,
        metadata: { data_type: 'ads', adAccountsLinked: '7100' },
        mapping_fields: [mapping('id', f.objectId), mapping('landing_page_url', f.value)],
      }),
    ]);
    const [adRun] = await endedRuns(
      admin,
      await submit(ads, [['1901', 'https://acme.com/tt?utm_source=tiktok']]),
    );
    expect(adRun!.message).toBe('Updated 1 ad: 1901');
    expect(tiktok.objectsOf('7100', 'ad')[0]).toMatchObject({
      adgroup_id: '1801',
      ad_name: 'TT ad',
      video_id: 'v-1',
      landing_page_url: 'https://acme.com/tt?utm_source=tiktok',
    });
  });

  it('a token TikTok refuses: Failed at once, no retry', async () => {
    const id = await oauthConnector('tiktok', 'tt-revoked');
    const template = await adTemplate((f) => [
      outbound('tiktok-outbound', {
        name: 'TT revoked',
        connector_id: id,
        metadata: { data_type: 'campaigns', adAccountsLinked: '7100' },
        mapping_fields: [mapping('id', f.objectId), mapping('name', f.value)],
      }),
    ]);
    const [run] = await endedRuns(admin, await submit(template, [['1702', 'Never']]));
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain("TikTok refused the connected account's credentials");
    expect(tiktok.objectsOf('7100', 'campaign')[1]!.campaign_name).toBe('Summer TT');
  });
});

describe('snapchat-marketing-outbound (Snapchat Marketing API stand-in)', () => {
  it('puts each ad back whole with the mapped name under its ad squad; an unknown id is reported', async () => {
    const id = await oauthConnector('snapchat', 'snap-token-1');
    const template = await adTemplate((f) => [
      outbound('snapchat-marketing-outbound', {
        name: 'Snap ads',
        connector_id: id,
        metadata: { data_type: 'ads' },
        mapping_fields: [mapping('id', f.objectId), mapping('name', f.value)],
      }),
    ]);
    const [run] = await endedRuns(
      admin,
      await submit(template, [
        ['a1b2', 'Snap ad v2'],
        ['238004', 'Ghost'],
      ]),
    );
    expect(run).toMatchObject({ status: 'Success', attempts: 1 });
    expect(run!.message).toBe('Updated 1 ad: a1b2; 1 not found on Snapchat: 238004');
    expect(snapchat.entity('ads', 'a1b2')).toMatchObject({
      name: 'Snap ad v2',
      ad_squad_id: 'sq1',
      creative_id: 'cr1',
    });
    expect(snapchat.requestsTo('/v1/adsquads/sq1/ads')).toHaveLength(1);
  });

  it('a token Snapchat refuses: Failed at once, no retry', async () => {
    const id = await oauthConnector('snapchat', 'snap-revoked');
    const template = await adTemplate((f) => [
      outbound('snapchat-marketing-outbound', {
        name: 'Snap revoked',
        connector_id: id,
        metadata: { data_type: 'ads' },
        mapping_fields: [mapping('id', f.objectId), mapping('name', f.value)],
      }),
    ]);
    const [run] = await endedRuns(admin, await submit(template, [['a1b2', 'Never']]));
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain("Snapchat refused the connected account's credentials");
  });
});

describe('pinterest-outbound (Pinterest API v5 stand-in)', () => {
  it('updates the mapped fields of each ad of the ad account; an unknown id is reported', async () => {
    const id = await oauthConnector('pinterest', 'pin-token-1');
    const template = await adTemplate((f) => [
      outbound('pinterest-outbound', {
        name: 'Pin ads',
        connector_id: id,
        metadata: { data_type: 'ads', adAccountsLinked: '549755885175' },
        mapping_fields: [
          mapping('id', f.objectId),
          mapping('destination_url', f.value),
          mapping('name', f.label),
        ],
      }),
    ]);
    const [run] = await endedRuns(
      admin,
      await submit(template, [
        ['687195905986', 'https://acme.com/pin?utm_source=pinterest', '', 'Pin ad v2'],
        ['238005', 'https://acme.com/x', '', 'Ghost'],
      ]),
    );
    expect(run).toMatchObject({ status: 'Success', attempts: 1 });
    expect(run!.message).toBe('Updated 1 ad: 687195905986; 1 not found on Pinterest: 238005');
    expect(pinterest.object('549755885175', 'ads', '687195905986')).toMatchObject({
      name: 'Pin ad v2',
      destination_url: 'https://acme.com/pin?utm_source=pinterest',
    });
  });

  it('a token Pinterest refuses: Failed at once, no retry', async () => {
    const id = await oauthConnector('pinterest', 'pin-revoked');
    const template = await adTemplate((f) => [
      outbound('pinterest-outbound', {
        name: 'Pin revoked',
        connector_id: id,
        metadata: { data_type: 'campaigns', adAccountsLinked: '549755885175' },
        mapping_fields: [mapping('id', f.objectId), mapping('name', f.value)],
      }),
    ]);
    const [run] = await endedRuns(admin, await submit(template, [['626735565838', 'Never']]));
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain("Pinterest refused the connected account's credentials");
    expect(pinterest.object('549755885175', 'campaigns', '626735565838')!.name).toBe('Pin spring');
  });
});
