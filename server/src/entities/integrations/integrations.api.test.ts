import { createIntegrationAssignment, integrationFor } from '@nomen/shared';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleAnalyticsStandin } from '../../../../tests/standins/google-analytics-admin';
import { insertOAuthConnector } from '../../test/connectors';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;

/** GA property 4141 with event-, user- and item-scoped custom dimensions (one archived). */
const ga = new GoogleAnalyticsStandin({
  validTokens: ['ga-ok'],
  user: { sub: '1', email: 'analytics@example.com', name: 'Analytics' },
  accounts: [
    {
      id: '99',
      displayName: 'Acme',
      properties: [
        {
          id: '4141',
          displayName: 'Acme shop',
          customDimensions: [
            { parameterName: 'promo_code', displayName: 'Promo code', scope: 'EVENT' },
            { parameterName: 'tier', displayName: 'Membership tier', scope: 'USER' },
            { parameterName: 'old_campaign', displayName: 'Old campaign', scope: 'EVENT', archived: true },
            { parameterName: 'item_colour', displayName: 'Item colour', scope: 'ITEM' },
            { parameterName: 'cta_label', displayName: 'CTA label', scope: 'EVENT' },
          ],
        },
      ],
    },
  ],
});

beforeAll(async () => {
  await ga.start();
  ctx = await createTestContext({ GOOGLE_ANALYTICS_ADMIN_API_URL: ga.adminUrl });
  account = await createAccount(ctx, []);
  admin = await signIn(ctx, account.admin.email);
});
afterAll(async () => {
  await ctx?.close();
  await ga.close();
});

const names = (body: { data: { fieldName: string }[] }) => body.data.map((f) => f.fieldName);

describe('GET /api/v1/integrations/{type}/default-fields (spec 03 §7)', () => {
  it("answers the required mappings first, then the data type's fields", async () => {
    const res = await admin.get('/api/v1/integrations/google-cm360-outbound/default-fields');
    expect(res.status).toBe(200);
    expect(res.body.data.slice(0, 4)).toEqual([
      { fieldName: 'adId', label: 'Ad ID', required: true },
      { fieldName: 'campaign', label: 'Campaign', required: true },
      { fieldName: 'campaignId', label: 'Campaign ID', required: true },
      { fieldName: 'placementId', label: 'Placement ID', required: true },
    ]);
    const typed = await admin.get('/api/v1/integrations/tiktok-inbound/default-fields?data_type=ad_groups');
    expect(typed.status).toBe(200);
    expect(typed.body.data).toEqual([
      { fieldName: 'id', label: 'Ad group ID', required: false },
      { fieldName: 'name', label: 'Ad group name', required: false },
    ]);
  });

  it('answers the Facebook marketing default mappings of spec 03 §9', async () => {
    const res = await admin.get('/api/v1/integrations/facebook-marketing-outbound/default-fields');
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { label: string }) => f.label)).toEqual([
      'Campaign ID',
      'Name',
      'Ad Set ID',
      'Ads ID',
      'Ad Creative ID',
    ]);
  });

  it('answers 404 for an unknown type and 400 naming data_type for one the type does not offer', async () => {
    const unknown = await admin.get('/api/v1/integrations/fax-output/default-fields');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Integration type not found');
    const bad = await admin.get('/api/v1/integrations/tiktok-inbound/default-fields?data_type=keywords');
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'query.data_type', message: 'keywords is not a data type of TikTok inbound' },
    ]);
    const malformed = await admin.get('/api/v1/integrations/Not%20A%20Slug/default-fields');
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues[0].path).toBe('params.type');
  });

  it('adds the delivery metric columns of an ad import only with pull_performance_metrics=1', async () => {
    const url = '/api/v1/integrations/facebook-marketing-inbound/default-fields?data_type=ads';
    const off = await admin.get(url);
    expect(off.status).toBe(200);
    const on = await admin.get(`${url}&pull_performance_metrics=1`);
    expect(on.status).toBe(200);
    expect(on.body.data.slice(0, off.body.data.length)).toEqual(off.body.data);
    expect(on.body.data.slice(off.body.data.length)).toEqual([
      { fieldName: 'impressions', label: 'Impressions (last 30 days)', required: false },
      { fieldName: 'clicks', label: 'Clicks (last 30 days)', required: false },
      { fieldName: 'spend', label: 'Spend (last 30 days)', required: false },
      { fieldName: 'conversions', label: 'Conversions (last 30 days)', required: false },
    ]);
    expect((await admin.get(`${url}&pull_performance_metrics=0`)).body.data).toEqual(off.body.data);
    const bad = await admin.get(`${url}&pull_performance_metrics=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('query.pull_performance_metrics');
  });
});

describe('the specific default-fields of spec 03 §7', () => {
  it("facebook-ads: the legacy required mappings, then Facebook's URL parameters", async () => {
    const res = await admin.get('/api/v1/integrations/facebook-ads/default-fields');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual([
      'ad_id',
      'creative_id',
      'generated_link',
      'campaign.id',
      'campaign.name',
      'adset.id',
      'adset.name',
      'ad.id',
      'ad.name',
      'placement',
      'site_source_name',
    ]);
  });

  it('google-analytics: the import fields of the data set type, none for custom data', async () => {
    const campaign = await admin.get(
      '/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=campaign_data',
    );
    expect(campaign.status).toBe(200);
    expect(names(campaign.body)).toEqual([
      'campaign_id',
      'campaign_name',
      'source',
      'medium',
      'term',
      'content',
    ]);
    const custom = await admin.get(
      '/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=custom_data',
    );
    expect(custom.body.data).toEqual([]);
    const bad = await admin.get('/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=x');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('query.ga_data_set_type');
  });

  it("google-analytics: custom and user data offer the chosen property's custom dimensions of their scope", async () => {
    const gaConnector = await insertOAuthConnector(ctx, {
      accountId: account.id,
      type: 2,
      accessToken: 'ga-ok',
      name: 'Acme GA',
    });
    const url = (type: string, extra = '') =>
      `/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=${type}&connector_id=${gaConnector}&ga_property_id=4141${extra}`;
    const custom = await admin.get(url('custom_data'));
    expect(custom.status, JSON.stringify(custom.body)).toBe(200);
    expect(custom.body.data).toEqual([
      { fieldName: 'promo_code', label: 'Promo code', required: false },
      { fieldName: 'cta_label', label: 'CTA label', required: false },
    ]);
    const user = await admin.get(
      `/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=user_data&connector_id=${gaConnector}&ga_property_id=properties/4141`,
    );
    expect(user.body.data).toEqual([{ fieldName: 'tier', label: 'Membership tier', required: false }]);
    expect(ga.requestsTo('/v1beta/properties/4141/customDimensions')).toHaveLength(2);

    // Other types keep their fixed fields and ask nothing of Google; without a property, nothing.
    const campaign = await admin.get(url('campaign_data'));
    expect(names(campaign.body)).toContain('campaign_name');
    const noProperty = await admin.get(
      `/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=user_data&connector_id=${gaConnector}`,
    );
    expect(noProperty.body.data).toEqual([]);
    expect(ga.requestsTo('/v1beta/properties/4141/customDimensions')).toHaveLength(2);

    // A property Google does not let the account see: Google's 403 passed on.
    const hidden = await admin.get(url('custom_data').replace('ga_property_id=4141', 'ga_property_id=5555'));
    expect(hidden.status).toBe(403);
  });

  it("google-analytics: another account's connector is not found; a bad property id names the field", async () => {
    const other = await createAccount(ctx, []);
    const theirs = await insertOAuthConnector(ctx, { accountId: other.id, type: 2, accessToken: 'ga-ok' });
    const res = await admin.get(
      `/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=custom_data&connector_id=${theirs}&ga_property_id=4141`,
    );
    expect(res.status).toBe(404);
    const cm = await insertOAuthConnector(ctx, { accountId: account.id, type: 11, accessToken: 'cm-ok' });
    const wrongType = await admin.get(
      `/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=custom_data&connector_id=${cm}&ga_property_id=4141`,
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues[0].path).toBe('query.connector_id');
    const bad = await admin.get(
      '/api/v1/integrations/google-analytics/default-fields?ga_data_set_type=custom_data&connector_id=1&ga_property_id=x%20y',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('query.ga_property_id');
  });

  it("google-dcm: the campaign manager's fields of the data type", async () => {
    const res = await admin.get('/api/v1/integrations/google-dcm/default-fields?data_type=placements');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['placementId', 'placement', 'siteId', 'campaignId']);
  });
});

describe('GET /api/v1/integrations/{type}/filters (spec 03 §7)', () => {
  it('answers the date filter of CM360 first, then ids, name and status', async () => {
    const res = await admin.get('/api/v1/integrations/google-cm360-inbound/filters');
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { id: string; kind: string }) => [f.id, f.kind])).toEqual([
      ['updated_after', 'date'],
      ['advertiser_ids', 'values'],
      ['campaign_ids', 'values'],
      ['name_contains', 'text'],
      ['status', 'values'],
    ]);
  });

  it('answers no filters for types whose filters are settings of their own, 404 for unknown types', async () => {
    const email = await admin.get('/api/v1/integrations/email-output/filters');
    expect(email.status).toBe(200);
    expect(email.body.data).toEqual([]);
    expect((await admin.get('/api/v1/integrations/fax-output/filters')).status).toBe(404);
  });
});

describe('permissions', () => {
  it('answers 401 signed out and 403 without manage_templates', async () => {
    const out = await supertest(ctx.app).get('/api/v1/integrations/s3-push/filters');
    expect(out.status).toBe(401);
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    expect((await agent.get('/api/v1/integrations/s3-push/filters')).status).toBe(403);
    expect((await agent.get('/api/v1/integrations/facebook-ads/default-fields')).status).toBe(403);
  });
});

describe('PUT /api/v1/account/template/ runs the per-integration checks again (spec 03 §5)', () => {
  it("refuses what the editor refuses, with the spec's words, and stores nothing", async () => {
    const folder = await admin.put('/api/v1/account/folder').send({ name: 'Checks folder', description: '' });
    const template = (integrations: unknown[]) => ({
      name: `Checks ${Math.random().toString(36).slice(2, 8)}`,
      folder_id: folder.body.folder.id,
      integrations,
    });
    const now = new Date();
    // The save checks the connected accounts too: each is the account's, of the integration's type.
    const connectorOf = (slug: string) =>
      insertOAuthConnector(ctx, {
        accountId: account.id,
        type: integrationFor(slug).connectorTypeSlug!,
        accessToken: 'checks',
      });
    const aem = {
      ...createIntegrationAssignment('adobe-experience-manager-outbound', { templateName: 'T', now }),
      name: 'AEM pages',
      connector_id: await connectorOf('adobe-experience-manager-outbound'),
      metadata: { aem_data_type: 'pages', folderFilter: 'content/dam' },
    };
    const snowflake = {
      ...createIntegrationAssignment('snowflake-push', { templateName: 'T', now }),
      name: 'Nightly load',
      connector_id: await connectorOf('snowflake-push'),
      metadata: { tableName: 'SELECT' },
    };
    const before = (await admin.get('/api/v1/account/template')).body.data.length;
    const refused = await admin.put('/api/v1/account/template/').send(template([aem, snowflake]));
    expect(refused.status).toBe(400);
    const messages = refused.body.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'AEM pages: Folder must start with /',
        'Nightly load: Cannot be a reserved SQL keyword.',
      ]),
    );
    expect((await admin.get('/api/v1/account/template')).body.data.length).toBe(before);

    const fixed = await admin.put('/api/v1/account/template/').send(
      template([
        { ...aem, metadata: { ...aem.metadata, folderFilter: '/content/dam' } },
        { ...snowflake, metadata: { tableName: 'campaign_codes' } },
      ]),
    );
    expect(fixed.status).toBe(200);
  });
});
