import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitlyStandin } from '../../../../tests/standins/bitly';
import { KochavaStandin } from '../../../../tests/standins/kochava';
import { MetaStandin } from '../../../../tests/standins/meta';
import { acmeDataset, acmeGaStandin, adobeStandins } from '../../test/analytics-standins';
import { insertOAuthConnector as insertConnector } from '../../test/connectors';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

/**
 * Targets and multi-targets (issue 10 item 6; spec 01 §2.4, §2.5, §3.1, §5, §7) and the provider
 * look-ups they read live, against the Adobe Analytics, Adobe IMS and Google Analytics stand-ins
 * (tests/standins) that the app reaches through its provider configuration.
 */

const IMS_CLIENT = { clientId: 'client-123', clientSecret: 'ims-secret-xyz', accessToken: 'ims-token-1' };

const { ims, adobe } = adobeStandins(
  IMS_CLIENT,
  [
    { rsid: 'acme.prod', name: 'Acme Production' },
    { rsid: 'acme.stage', name: 'Acme Staging' },
    { rsid: 'acme.eu', name: 'Acme Europe' },
  ],
  [
    acmeDataset('ds-prod-campaign', 'Tracking code (prod)', 'acme.prod', [
      'Channel',
      'Campaign Name',
      'Creative',
    ]),
    acmeDataset('ds-prod-evar5', 'Region (prod)', 'acme.prod', ['Region'], 'variables/evar5'),
    acmeDataset('ds-stage-campaign', 'Tracking code (stage)', 'acme.stage', [
      'Channel',
      'Campaign Name',
      'Creative',
      'Audience',
    ]),
    acmeDataset('ds-stage-channel', 'Channel only (stage)', 'acme.stage', ['Channel'], 'variables/evar9'),
    acmeDataset('ds-eu-campaign', 'Tracking code (EU)', 'acme.eu', ['channel', 'campaign name']),
  ],
);

const ga = acmeGaStandin([
  { id: 'cds-1', name: 'Campaign costs', schema: ['ga:date', 'ga:medium', 'ga:source', 'ga:adCost'] },
]);

const meta = new MetaStandin({
  validTokens: ['fb-token-ok'],
  me: { id: '10', name: 'Ad Manager' },
  adAccounts: [{ account_id: '123', name: 'Acme Ads', pixels: [{ id: 'px-1', name: 'Acme site pixel' }] }],
});
const bitly = new BitlyStandin({
  validTokens: ['bitly-token-ok'],
  user: { login: 'acme', name: 'Acme', email: 'links@acme.test', default_group_guid: 'Bg1' },
  organizations: [{ guid: 'Og1', name: 'Acme Org', tier: 'enterprise' }],
  groups: [{ guid: 'Bg1', name: 'Acme Links', organization_guid: 'Og1', bsds: ['acme.link'] }],
});
const kochava = new KochavaStandin({
  validKeys: ['kochava-key-ok'],
  appGroups: [
    { id: 77, name: 'Acme Apps', account_id: 1, apps: [{ app_id: 1, name: 'Acme iOS', platform: 'ios' }] },
  ],
});

let ctx: TestContext;
let account: TestAccount;
let admin: supertest.Agent;
let adobeConnectorId: number;
let gaConnectorId: number;

async function saveConnector(agent: supertest.Agent, body: object) {
  const res = await agent.post('/api/v1/account/connector/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
}

/** A Google Analytics account authorised with `accessToken`, stored as the OAuth callback stores it. */
function insertGaConnector(accountId: number, accessToken: string) {
  return insertOAuthConnector(accountId, 2, accessToken);
}

/** An OAuth account of connector type `typeId` holding `accessToken`, as the OAuth callback stores it. */
async function insertOAuthConnector(accountId: number, typeId: number, accessToken: string) {
  return insertConnector(ctx, {
    accountId,
    type: typeId,
    accessToken,
    name: `Account ${accessToken}`,
    scope: 'analytics.edit',
  });
}

async function insertField(accountId: number, name: string) {
  const row = await ctx.deps.db
    .insertInto('fields')
    .values({ account_id: accountId, name, settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function adobeTarget(extra: object = {}) {
  return {
    name: 'Acme prod campaigns',
    nickname: 'Paid media classifications',
    connector_type_id: 1,
    connector_id: adobeConnectorId,
    remote_realm_id: 'acme.prod',
    realm_name: 'Acme Production',
    remote_target_id: 'ds-prod-campaign',
    ...extra,
  };
}

async function createTarget(body: object = adobeTarget()) {
  const res = await admin.put('/api/v1/account/targets/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.target.id as number;
}

async function activities(objectId: number, configuredObject: string) {
  return ctx.deps.db
    .selectFrom('activities')
    .select(['operation', 'object_name', 'changes', 'username'])
    .where('account_id', '=', account.id)
    .where('configured_object', '=', configuredObject)
    .where('object_id', '=', objectId)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  await Promise.all([ims.start(), adobe.start(), ga.start(), meta.start(), bitly.start(), kochava.start()]);
  ctx = await createTestContext({
    ADOBE_ANALYTICS_API_URL: adobe.url,
    ADOBE_IMS_URL: ims.url,
    GOOGLE_ANALYTICS_ADMIN_API_URL: ga.adminUrl,
    GOOGLE_ANALYTICS_MANAGEMENT_API_URL: ga.managementUrl,
    GOOGLE_USERINFO_URL: ga.userInfoUrl,
    META_GRAPH_API_URL: meta.graphUrl,
    BITLY_API_URL: bitly.apiUrl,
    KOCHAVA_API_URL: kochava.apiUrl,
  });
  account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
  adobeConnectorId = await saveConnector(admin, {
    name: 'Acme Adobe',
    connector_type_slug: 'adobe-analytics',
    metadata: {
      auth_type: 'fields',
      company: 'acmeco0',
      username: IMS_CLIENT.clientId,
      secret: IMS_CLIENT.clientSecret,
    },
  });
  gaConnectorId = await insertGaConnector(account.id, 'ga-token-ok');
});

afterAll(async () => {
  await ctx?.close();
  await Promise.all([ims.close(), adobe.close(), ga.close(), meta.close(), bitly.close(), kochava.close()]);
});

describe('provider look-ups', () => {
  it('reads report suites and their reports with classification names from Adobe, signing in to IMS once', async () => {
    const before = ims.requests.length;
    const realms = await admin.post(`/api/v1/account/connector/${adobeConnectorId}/realm/`);
    expect(realms.status).toBe(200);
    expect(realms.body.realms).toEqual([
      { realm_name: 'Acme Production', remote_realm_id: 'acme.prod' },
      { realm_name: 'Acme Staging', remote_realm_id: 'acme.stage' },
      { realm_name: 'Acme Europe', remote_realm_id: 'acme.eu' },
    ]);
    const reports = await admin.get(
      `/api/v1/account/connector/${adobeConnectorId}/realm/acme.prod/target/list`,
    );
    expect(reports.status).toBe(200);
    expect(reports.body.targets).toEqual([
      {
        id: 'ds-prod-campaign',
        name: 'Tracking code (prod)',
        classifications_names: ['Channel', 'Campaign Name', 'Creative'],
      },
      { id: 'ds-prod-evar5', name: 'Region (prod)', classifications_names: ['Region'] },
    ]);
    // The IMS token is kept until it nears expiry: both calls used one sign-in at most.
    expect(ims.requests.length - before).toBeLessThanOrEqual(1);
    expect(JSON.stringify(realms.body) + JSON.stringify(reports.body)).not.toContain(IMS_CLIENT.clientSecret);
  });

  it("answers Adobe's words for an unknown report suite and 424 when IMS refuses the credentials", async () => {
    const unknown = await admin.get(
      `/api/v1/account/connector/${adobeConnectorId}/realm/no.such/target/list`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Adobe Analytics answered 404: Report suite no.such was not found');

    const wrong = await saveConnector(admin, {
      name: 'Adobe with a wrong secret',
      connector_type_slug: 'adobe-analytics',
      metadata: {
        auth_type: 'fields',
        company: 'acmeco0',
        username: IMS_CLIENT.clientId,
        secret: 'not-the-secret',
      },
    });
    const refused = await admin.post(`/api/v1/account/connector/${wrong}/realm/`);
    expect(refused.status).toBe(424);
    expect(refused.body).toMatchObject({ code: 'PROVIDER_CREDENTIALS' });
    expect(refused.body.message).toContain('invalid client_secret parameter');
    expect(refused.body.message).not.toContain('not-the-secret');
  });

  it('reads Google Analytics accounts, properties and custom data sources with their schema', async () => {
    const accounts = await admin.get(`/api/v1/account/connector/${gaConnectorId}/ga-account`);
    expect(accounts.status).toBe(200);
    expect(accounts.body.gaAccounts).toEqual([{ ga_account_id: '1001', ga_account_name: 'Acme Web' }]);
    const properties = await admin.get(
      `/api/v1/account/connector/${gaConnectorId}/ga-account/1001/property/list`,
    );
    expect(properties.status).toBe(200);
    expect(properties.body.gaProperties).toEqual([
      expect.objectContaining({ ga_property_id: 'UA-1001-1', ga_property_name: 'acme.com' }),
    ]);
    const sources = await admin.get(
      `/api/v1/account/connector/${gaConnectorId}/ga-account/1001/property/UA-1001-1/custom-data-source/list`,
    );
    expect(sources.status).toBe(200);
    expect(sources.body.gaCustomDataSources).toEqual([
      expect.objectContaining({
        ga_custom_data_source_id: 'cds-1',
        ga_custom_data_source_name: 'Campaign costs',
        ga_custom_data_source_schema: ['ga:date', 'ga:medium', 'ga:source', 'ga:adCost'],
      }),
    ]);
  });

  it('answers 424 for a revoked Google token, 400 for an account of another type', async () => {
    const revoked = await insertGaConnector(account.id, 'ga-token-revoked');
    const res = await admin.get(`/api/v1/account/connector/${revoked}/ga-account`);
    expect(res.status).toBe(424);
    expect(res.body.message).toContain('Google Analytics refused');
    expect(res.body.message).not.toContain('ga-token-revoked');

    const wrongType = await admin.get(`/api/v1/account/connector/${adobeConnectorId}/ga-account`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues).toEqual([
      {
        path: 'params.id',
        message: '"Acme Adobe" is not a Google Analytics account (it is Adobe Analytics)',
      },
    ]);
  });

  it('reads Facebook ad accounts and pixels, Bitly organizations and groups, and Kochava app groups', async () => {
    const facebook = await insertOAuthConnector(account.id, 12, 'fb-token-ok');
    const adAccounts = await admin.get(`/api/v1/account/connector/${facebook}/facebook/adaccounts`);
    expect(adAccounts.status).toBe(200);
    expect(adAccounts.body.adAccounts).toEqual([{ id: 'act_123', account_id: '123', name: 'Acme Ads' }]);
    const pixels = await admin.get(
      `/api/v1/account/connector/${facebook}/facebook/adaccounts/act_123/pixels`,
    );
    expect(pixels.body.pixels).toEqual([{ id: 'px-1', name: 'Acme site pixel' }]);

    const bitlyAccount = await insertOAuthConnector(account.id, 8, 'bitly-token-ok');
    const orgs = await admin.get(`/api/v1/integrations/bitly/organizations/${bitlyAccount}`);
    expect(orgs.status).toBe(200);
    expect(orgs.body.data).toEqual([{ id: 'Og1', name: 'Acme Org', planType: 'enterprise' }]);
    const groups = await admin.get(`/api/v1/integrations/bitly/groups/${bitlyAccount}`);
    expect(groups.body.data).toEqual([{ id: 'Bg1', name: 'Acme Links', orgId: 'Og1', urls: ['acme.link'] }]);

    const kochavaAccount = await saveConnector(admin, {
      name: 'Acme Kochava',
      connector_type_slug: 'kochava',
      metadata: { api_key: 'kochava-key-ok' },
    });
    const appGroups = await admin.get(`/api/v1/integrations/kochava/${kochavaAccount}/app-groups`);
    expect(appGroups.status).toBe(200);
    expect(appGroups.body.data).toEqual([{ id: 77, name: 'Acme Apps' }]);
    expect(JSON.stringify(appGroups.body)).not.toContain('kochava-key-ok');
  });
});

describe('PUT /api/v1/account/targets/', () => {
  it('creates an Adobe target whose report name and classifications come from Adobe', async () => {
    const id = await createTarget();
    const res = await admin.get(`/api/v1/account/targets/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: 'Acme prod campaigns',
      nickname: 'Paid media classifications',
      connector_type_id: 1,
      type: 'Adobe Analytics',
      connector: { id: adobeConnectorId, name: 'Acme Adobe', connector_type: { slug: 'adobe-analytics' } },
      remote_realm_id: 'acme.prod',
      realm_name: 'Acme Production',
      remote_target_id: 'ds-prod-campaign',
      remote_target_name: 'Tracking code (prod)',
      classifications_names: ['Channel', 'Campaign Name', 'Creative'],
      multi_targets_count: 0,
      target_fields: [],
    });
  });

  it('refuses a target without a name, account or report, naming each field, and stores nothing', async () => {
    const count = async () =>
      (await ctx.deps.db.selectFrom('targets').select('id').where('account_id', '=', account.id).execute())
        .length;
    const before = await count();
    const res = await admin
      .put('/api/v1/account/targets/')
      .send({ name: 'x', connector_type_id: 1, remote_realm_id: 'acme.prod' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'body.connector_id', message: 'Required' },
      { path: 'body.remote_target_id', message: 'Required' },
    ]);
    const google = await admin.put('/api/v1/account/targets/').send({
      name: 'GA',
      connector_type_id: 2,
      connector_id: gaConnectorId,
      ga_account_id: '1001',
      ga_property_id: 'UA-1001-1',
    });
    expect(google.status).toBe(400);
    expect(google.body.issues).toEqual([{ path: 'body.ga_custom_data_source_id', message: 'Required' }]);
    for (const body of [
      { ...adobeTarget(), name: '  ' },
      { ...adobeTarget(), connector_type_id: 3 },
      { ...adobeTarget(), name: 'a\u0000b' },
      { ...adobeTarget(), connector_id: 'one' },
      { ...adobeTarget(), use_aa_confirmation_email: true, aa_confirmation_email: 'not an email' },
      { ...adobeTarget(), remote_target_id: 'no-such-report' },
      { ...adobeTarget(), connector_id: gaConnectorId },
      { ...adobeTarget(), target_fields: [{ field_id: 1, classification_name: 'Not there' }] },
      'not json at all',
    ]) {
      const bad = await admin.put('/api/v1/account/targets/').send(body as object);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.issues?.[0]?.path ?? '', JSON.stringify(bad.body)).toMatch(/^body/);
    }
    expect(await count()).toBe(before);
  });

  it('creates a Google target with its custom data source and schema text', async () => {
    const id = await createTarget({
      name: 'Acme GA costs',
      connector_type_id: 2,
      connector_id: gaConnectorId,
      ga_account_id: '1001',
      ga_property_id: 'UA-1001-1',
      ga_custom_data_source_id: 'cds-1',
      ga_custom_data_source_schema: 'ga:date,ga:medium,ga:source,ga:adCost',
      // Adobe-only values are dropped from a Google target.
      remote_realm_id: 'acme.prod',
      use_aa_confirmation_email: true,
      aa_confirmation_email: 'ops@acme.test',
    });
    const res = await admin.get(`/api/v1/account/targets/${id}`);
    expect(res.body).toMatchObject({
      type: 'Google Analytics',
      ga_custom_data_source_id: 'cds-1',
      ga_custom_data_source_schema: 'ga:date,ga:medium,ga:source,ga:adCost',
      remote_realm_id: '',
      use_aa_confirmation_email: false,
      aa_confirmation_email: '',
    });
  });

  it('maps fields to classifications, keeps them on a rename, and refuses a stale write', async () => {
    const channel = await insertField(account.id, 'Channel');
    const creative = await insertField(account.id, 'Creative');
    const id = await createTarget(
      adobeTarget({
        name: 'Mapped target',
        use_aa_confirmation_email: true,
        aa_confirmation_email: 'ops@acme.test',
        target_fields: [
          { field_id: channel, classification_name: 'Channel' },
          { field_id: creative, classification_name: 'creative' },
        ],
      }),
    );
    const read = await admin.get(`/api/v1/account/targets/${id}`);
    expect(read.body.target_fields).toEqual([
      expect.objectContaining({ field_id: channel, field_name: 'Channel', classification_name: 'Channel' }),
      expect.objectContaining({
        field_id: creative,
        field_name: 'Creative',
        classification_name: 'creative',
      }),
    ]);
    const fields = await admin.get(`/api/v1/account/targets/${id}/fields`);
    expect(fields.body.data).toEqual(read.body.target_fields);

    const renamed = await admin
      .put('/api/v1/account/targets/')
      .send(adobeTarget({ id, name: 'Mapped target (renamed)', updated_at: read.body.updated_at }));
    expect(renamed.status).toBe(200);
    const after = await admin.get(`/api/v1/account/targets/${id}`);
    expect(after.body).toMatchObject({ name: 'Mapped target (renamed)', use_aa_confirmation_email: false });
    expect(after.body.target_fields).toHaveLength(2);

    const stale = await admin
      .put('/api/v1/account/targets/')
      .send(adobeTarget({ id, name: 'Lost update', updated_at: read.body.updated_at }));
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/v1/account/targets/${id}`)).body.name).toBe('Mapped target (renamed)');

    const users = await admin.post('/api/v1/account/field/targets').send({ fieldIds: [creative, 999_999] });
    expect(users.status).toBe(200);
    expect(users.body.data).toEqual([{ id, name: 'Mapped target (renamed)', field_ids: [creative] }]);
  });
});

describe('multi-targets', () => {
  it('adds a compatible report read from Adobe and refuses incompatible, own and repeated reports', async () => {
    const id = await createTarget(adobeTarget({ name: 'Multi target host' }));
    const url = `/api/v1/account/targets/${id}/multi-targets`;
    const added = await admin
      .post(url)
      .send({ multi_targets: [{ remote_realm_id: 'acme.stage', remote_target_id: 'ds-stage-campaign' }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toEqual([
      {
        local_multi_target_id: expect.any(Number),
        remote_realm_id: 'acme.stage',
        remote_realm_name: 'Acme Staging',
        remote_target_id: 'ds-stage-campaign',
        remote_target_name: 'Tracking code (stage)',
        classifications_names: ['Channel', 'Campaign Name', 'Creative', 'Audience'],
        status: 'active',
      },
    ]);

    const incompatible = await admin
      .post(url)
      .send({ multi_targets: [{ remote_realm_id: 'acme.stage', remote_target_id: 'ds-stage-channel' }] });
    expect(incompatible.status).toBe(400);
    expect(incompatible.body.issues[0]).toEqual({
      path: 'body.multi_targets.0.remote_target_id',
      message: '"Channel only (stage)" in Acme Staging is not compatible: it lacks Campaign Name, Creative',
    });
    const own = await admin
      .post(url)
      .send({ multi_targets: [{ remote_realm_id: 'acme.prod', remote_target_id: 'ds-prod-campaign' }] });
    expect(own.status).toBe(400);
    const again = await admin
      .post(url)
      .send({ multi_targets: [{ remote_realm_id: 'acme.stage', remote_target_id: 'ds-stage-campaign' }] });
    expect(again.status).toBe(400);
    expect(again.body.issues[0].message).toContain('already a multi-target');

    const list = await admin.get(url);
    expect(list.body.data).toHaveLength(1);
    const table = await admin.get('/api/v1/account/targets');
    expect(table.body.data.find((t: { id: number }) => t.id === id)).toMatchObject({
      multi_targets_count: 1,
      type: 'Adobe Analytics',
      nickname: 'Paid media classifications',
    });
  });

  it('with fields mapped, only their classifications must match (case aside); edits status and deletes', async () => {
    const channel = await insertField(account.id, 'Channel 2');
    const id = await createTarget(
      adobeTarget({
        name: 'Channel-only host',
        target_fields: [{ field_id: channel, classification_name: 'Channel' }],
      }),
    );
    const url = `/api/v1/account/targets/${id}/multi-targets`;
    const added = await admin.post(url).send({
      multi_targets: [
        { remote_realm_id: 'acme.stage', remote_target_id: 'ds-stage-channel' },
        { remote_realm_id: 'acme.eu', remote_target_id: 'ds-eu-campaign', status: 'inactive' },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(
      added.body.data.map((m: { remote_target_id: string; status: string }) => [
        m.remote_target_id,
        m.status,
      ]),
    ).toEqual([
      ['ds-stage-channel', 'active'],
      ['ds-eu-campaign', 'inactive'],
    ]);
    const [first, second] = added.body.data as { local_multi_target_id: number }[];

    const edited = await admin.post(url).send({
      multi_targets: [
        {
          local_multi_target_id: second!.local_multi_target_id,
          remote_realm_id: 'acme.eu',
          remote_target_id: 'ds-eu-campaign',
          status: 'active',
        },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data[1]).toMatchObject({ remote_target_id: 'ds-eu-campaign', status: 'active' });

    const other = await createTarget(adobeTarget({ name: 'Other host' }));
    const foreign = await admin
      .post(`/api/v1/account/targets/${other}/multi-targets/bulk/delete`)
      .send({ multi_target_ids: [first!.local_multi_target_id] });
    expect(foreign.status).toBe(404);

    const deleted = await admin
      .post(`${url}/bulk/delete`)
      .send({ multi_target_ids: [first!.local_multi_target_id] });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.map((m: { remote_target_id: string }) => m.remote_target_id)).toEqual([
      'ds-eu-campaign',
    ]);

    const entries = await activities(first!.local_multi_target_id, 'multi-target');
    expect(entries.map((e) => e.operation)).toEqual(['created', 'deleted']);
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'remote_target_id', old: null, new: 'ds-stage-channel' }]),
    );
    const statusChange = await activities(second!.local_multi_target_id, 'multi-target');
    expect(statusChange.map((e) => e.operation)).toEqual(['created', 'updated']);
    expect(statusChange[1]!.changes).toEqual([{ field: 'status', old: 'inactive', new: 'active' }]);
  });

  it('a Google target has no multi-targets', async () => {
    const id = await createTarget({
      name: 'GA host',
      connector_type_id: 2,
      connector_id: gaConnectorId,
      ga_account_id: '1001',
      ga_property_id: 'UA-1001-1',
      ga_custom_data_source_id: 'cds-1',
    });
    const res = await admin
      .post(`/api/v1/account/targets/${id}/multi-targets`)
      .send({ multi_targets: [{ remote_realm_id: 'acme.stage', remote_target_id: 'ds-stage-campaign' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only Adobe Analytics targets have multi-targets');
  });
});

describe('GET /api/v1/account/targets and bulk delete', () => {
  it('lists targets by name; deletes all or nothing; offers Adobe targets with a report for import', async () => {
    const a = await createTarget(adobeTarget({ name: 'AAA delete me' }));
    const b = await createTarget(adobeTarget({ name: 'AAB delete me too' }));
    const list = await admin.get('/api/v1/account/targets');
    const names = list.body.data.map((t: { name: string }) => t.name);
    expect(names).toEqual(
      [...names].sort((x: string, y: string) => x.localeCompare(y, 'en', { sensitivity: 'base' })),
    );
    expect(names).toEqual(expect.arrayContaining(['AAA delete me', 'AAB delete me too']));

    const forImport = await admin.get('/api/v1/account/targets/targetsForImport');
    expect(forImport.status).toBe(200);
    expect(forImport.body.data).toContainEqual(
      expect.objectContaining({
        id: a,
        connector_id: adobeConnectorId,
        remote_target_id: 'ds-prod-campaign',
      }),
    );
    expect(forImport.body.data.every((t: { connector_type_id: number }) => t.connector_type_id === 1)).toBe(
      true,
    );

    const partial = await admin
      .post('/api/v1/account/targets/bulk/delete')
      .send({ target_ids: [a, 2_000_000_000] });
    expect(partial.status).toBe(404);
    expect((await admin.get(`/api/v1/account/targets/${a}`)).status).toBe(200);

    const deleted = await admin.post('/api/v1/account/targets/bulk/delete').send({ target_ids: [a, b] });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('2 targets deleted');
    expect((await admin.get(`/api/v1/account/targets/${a}`)).status).toBe(404);
    const entries = await activities(a, 'target');
    expect(entries.map((e) => e.operation)).toEqual(['created', 'deleted']);
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([{ field: 'name', old: 'AAA delete me', new: null }]),
    );
  });
});

describe('tenancy and rights', () => {
  it("answers 404 for another account's target, multi-target and connected account, and changes nothing", async () => {
    const theirs = await createTarget(adobeTarget({ name: 'Not yours' }));
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    for (const [i, res] of [
      await stranger.get(`/api/v1/account/targets/${theirs}`),
      await stranger.get(`/api/v1/account/targets/${theirs}/fields`),
      await stranger.get(`/api/v1/account/targets/${theirs}/multi-targets`),
      await stranger
        .post(`/api/v1/account/targets/${theirs}/multi-targets`)
        .send({ multi_targets: [{ remote_realm_id: 'acme.stage', remote_target_id: 'ds-stage-campaign' }] }),
      await stranger
        .post(`/api/v1/account/targets/${theirs}/multi-targets/bulk/delete`)
        .send({ multi_target_ids: [1] }),
      await stranger.put('/api/v1/account/targets/').send(adobeTarget({ id: theirs, name: 'Taken over' })),
      await stranger.post('/api/v1/account/targets/bulk/delete').send({ target_ids: [theirs] }),
      await stranger.post(`/api/v1/account/connector/${adobeConnectorId}/realm/`),
      await stranger.get(`/api/v1/account/connector/${gaConnectorId}/ga-account`),
    ].entries()) {
      expect(res.status, `request ${i}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    // Their own target may not use this account's connected account either.
    const borrowed = await stranger.put('/api/v1/account/targets/').send(adobeTarget({ name: 'Borrowed' }));
    expect(borrowed.status).toBe(404);
    expect((await admin.get(`/api/v1/account/targets/${theirs}`)).body.name).toBe('Not yours');
    expect((await stranger.get('/api/v1/account/targets')).body.data).toEqual([]);
  });

  it('needs manage_targets for targets; look-ups need a managing permission', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const manager = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_targets'] });
    const templater = await createUser(ctx, account.id, {
      role: 'MANAGER',
      permissions: ['manage_templates'],
    });
    const asUser = await signIn(ctx, user.email);
    const asManager = await signIn(ctx, manager.email);
    const asTemplater = await signIn(ctx, templater.email);

    expect((await asUser.get('/api/v1/account/targets')).status).toBe(403);
    expect(
      (await asUser.put('/api/v1/account/targets/').send(adobeTarget({ name: 'By a user' }))).status,
    ).toBe(403);
    expect((await asUser.post(`/api/v1/account/connector/${adobeConnectorId}/realm/`)).status).toBe(403);
    expect((await asTemplater.get('/api/v1/account/targets')).status).toBe(403);
    expect((await asTemplater.post(`/api/v1/account/connector/${adobeConnectorId}/realm/`)).status).toBe(200);
    expect((await asTemplater.get('/api/v1/account/targets/targetsForImport')).status).toBe(200);

    const made = await asManager.put('/api/v1/account/targets/').send(adobeTarget({ name: 'By a manager' }));
    expect(made.status).toBe(200);
    const entries = await activities(made.body.target.id, 'target');
    expect(entries).toEqual([
      expect.objectContaining({ operation: 'created', username: manager.name, object_name: 'By a manager' }),
    ]);
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: null, new: 'By a manager' },
        { field: 'remote_target_id', old: null, new: 'ds-prod-campaign' },
      ]),
    );
  });
});
