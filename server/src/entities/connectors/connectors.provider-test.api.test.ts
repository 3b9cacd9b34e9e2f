import { sql } from 'kysely';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdobeAnalyticsStandin } from '../../../../tests/standins/adobe-analytics';
import { AdobeImsStandin } from '../../../../tests/standins/adobe-ims';
import { AemStandin } from '../../../../tests/standins/aem';
import { BitlyStandin } from '../../../../tests/standins/bitly';
import { KochavaStandin } from '../../../../tests/standins/kochava';
import { MetaStandin } from '../../../../tests/standins/meta';
import { WorkfrontStandin } from '../../../../tests/standins/workfront';
import { insertOAuthConnector as insertConnector } from '../../test/connectors';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

/**
 * "Test connection" of the accounts whose provider has a REST client (issue 10 item 5): Bitly,
 * Facebook, Adobe Analytics, Workfront, Kochava and AEM ask their provider's stand-in
 * (tests/standins) who the account is, through the app's provider configuration.
 */

const IMS_ADOBE = { clientId: 'aa-client', clientSecret: 'aa-secret-123', accessToken: 'ims-aa-token' };
const IMS_AEM = { clientId: 'aem-client', clientSecret: 'aem-secret-456', accessToken: 'ims-aem-token' };

const ims = new AdobeImsStandin([IMS_ADOBE, IMS_AEM]);
const adobe = new AdobeAnalyticsStandin({
  validTokens: [IMS_ADOBE.accessToken],
  clientId: IMS_ADOBE.clientId,
  imsUserId: 'ANALYST1@AdobeID',
  imsOrgId: 'ORG1@AdobeOrg',
  companies: [{ globalCompanyId: 'acmeco0', companyName: 'Acme Co', reportSuites: [] }],
  datasets: [],
});
const meta = new MetaStandin({
  validTokens: ['fb-token-ok'],
  me: { id: '10', name: 'Ad Manager' },
  adAccounts: [],
});
const bitly = new BitlyStandin({
  validTokens: ['bitly-token-ok'],
  user: { login: 'acmelinks', name: 'Acme Links', email: 'links@acme.test', default_group_guid: 'Bg1' },
  organizations: [],
  groups: [],
});
const workfront = new WorkfrontStandin({
  validTokens: ['wf-key-ok'],
  templates: [],
  user: { ID: 'u-1', name: 'Pat Planner', emailAddr: 'pat@acme.test' },
});
const kochava = new KochavaStandin({
  validKeys: ['kochava-key-ok'],
  appGroups: [{ id: 77, name: 'Acme Apps', account_id: 1, apps: [] }],
});
const aem = new AemStandin({
  validTokens: [IMS_AEM.accessToken],
  basicUsers: [{ username: 'author', password: 'author-pass-789' }],
  folders: [{ name: 'campaigns', title: 'Campaigns' }, { name: 'brand' }],
});
const standins = [ims, adobe, meta, bitly, workfront, kochava, aem];

let ctx: TestContext;
let account: TestAccount;
let admin: supertest.Agent;

async function saveConnector(body: object) {
  const res = await admin.post('/api/v1/account/connector/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
}

/** An OAuth account of connector type `typeId` holding `accessToken`, as the OAuth callback stores it. */
async function insertOAuthConnector(typeId: number, accessToken: string) {
  return insertConnector(ctx, {
    accountId: account.id,
    type: typeId,
    accessToken,
    name: `Account ${accessToken}`,
    scope: null,
  });
}

async function testOf(id: number) {
  const res = await admin.post(`/api/v1/account/connector/${id}/test`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { ok: boolean; message: string };
}

function adobeAccount(company: string, secret = IMS_ADOBE.clientSecret) {
  return {
    name: `Adobe ${company}`,
    connector_type_slug: 'adobe-analytics',
    metadata: { auth_type: 'fields', company, username: IMS_ADOBE.clientId, secret },
  };
}

beforeAll(async () => {
  await Promise.all(standins.map((s) => s.start()));
  ctx = await createTestContext({
    ADOBE_ANALYTICS_API_URL: adobe.url,
    ADOBE_IMS_URL: ims.url,
    META_GRAPH_API_URL: meta.graphUrl,
    BITLY_API_URL: bitly.apiUrl,
    KOCHAVA_API_URL: kochava.apiUrl,
    WORKFRONT_API_URL: workfront.apiUrl,
    AEM_API_URL: aem.url,
  });
  account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
});

afterAll(async () => {
  await ctx?.close();
  await Promise.all(standins.map((s) => s.close()));
});

describe('POST /api/v1/account/connector/{id}/test for provider accounts', () => {
  it('answers who each account is: Bitly user, Facebook /me, Adobe IMS user and company, Workfront user, Kochava and AEM lists', async () => {
    expect(await testOf(await insertOAuthConnector(8, 'bitly-token-ok'))).toEqual({
      ok: true,
      message: 'Authorised as Acme Links (acmelinks).',
    });
    for (const facebookType of [12, 13]) {
      expect(await testOf(await insertOAuthConnector(facebookType, 'fb-token-ok'))).toEqual({
        ok: true,
        message: 'Authorised as Ad Manager (Facebook id 10).',
      });
    }
    expect(await testOf(await saveConnector(adobeAccount('acmeco0')))).toEqual({
      ok: true,
      message: 'Signed in as ANALYST1@AdobeID; company Acme Co (acmeco0) is reachable.',
    });
    const workfrontId = await saveConnector({
      name: 'Acme Workfront',
      connector_type_slug: 'workfront',
      metadata: { api_domain: 'acme.my.workfront.com', api_key: 'wf-key-ok' },
    });
    expect(await testOf(workfrontId)).toEqual({
      ok: true,
      message: 'Signed in to Workfront as Pat Planner (pat@acme.test).',
    });
    // The key went as Workfront's apiKey parameter; the stand-in's log never holds it.
    expect(workfront.requestsTo('/attask/api/v15.0/user/search').at(-1)).toMatchObject({
      isAuthorized: true,
      query: { ID: '$$USER.ID' },
    });
    expect(JSON.stringify(workfront.requests)).not.toContain('wf-key-ok');

    const kochavaId = await saveConnector({
      name: 'Acme Kochava',
      connector_type_slug: 'kochava',
      metadata: { api_key: 'kochava-key-ok' },
    });
    expect(await testOf(kochavaId)).toEqual({
      ok: true,
      message: 'Kochava accepted the API key; 1 app group: Acme Apps.',
    });

    const selfHosted = await saveConnector({
      name: 'Acme AEM on premises',
      connector_type_slug: 'aem',
      metadata: {
        host_type: 'self',
        url: 'https://author.acme.test',
        username: 'author',
        password: 'author-pass-789',
      },
    });
    const cloud = await saveConnector({
      name: 'Acme AEM cloud',
      connector_type_slug: 'aem',
      metadata: {
        host_type: 'cloud',
        url: 'https://author-p1-e1.adobeaemcloud.com',
        client_id: IMS_AEM.clientId,
        client_secret: IMS_AEM.clientSecret,
        private_key: 'unused-private-key',
        technical_account_id: 'TA1@techacct.adobe.com',
        organization_id: 'ORG1@AdobeOrg',
        ims_url: 'https://ims-na1.adobelogin.com',
      },
    });
    // The drawer takes only https addresses; the IMS stand-in listens on http, so the saved
    // account is pointed at it in the database (metadata is not secret).
    await ctx.deps.db
      .updateTable('connectors')
      .set({ metadata: sql`metadata || ${JSON.stringify({ ims_url: ims.url })}::jsonb` })
      .where('id', '=', cloud)
      .execute();
    for (const id of [selfHosted, cloud]) {
      expect(await testOf(id)).toEqual({
        ok: true,
        message: 'Signed in to AEM; 2 folders under /content/dam: campaigns, brand.',
      });
    }
  });

  it("answers the provider's refusal in its words, never the secret", async () => {
    const bitlyRevoked = await testOf(await insertOAuthConnector(8, 'bitly-token-revoked'));
    expect(bitlyRevoked.ok).toBe(false);
    expect(bitlyRevoked.message).toContain('Bitly');
    expect(bitlyRevoked.message).not.toContain('bitly-token-revoked');

    const otherCompany = await testOf(await saveConnector(adobeAccount('otherco9')));
    expect(otherCompany).toEqual({
      ok: false,
      message:
        'Signed in as ANALYST1@AdobeID, but company otherco9 is not among the companies it reaches: Acme Co (acmeco0).',
    });
    const wrongSecret = await testOf(await saveConnector(adobeAccount('acmeco0', 'not-the-secret')));
    expect(wrongSecret.ok).toBe(false);
    expect(wrongSecret.message).toContain('invalid client_secret parameter');
    expect(wrongSecret.message).not.toContain('not-the-secret');

    const wrongKey = await testOf(
      await saveConnector({
        name: 'Workfront with a wrong key',
        connector_type_slug: 'workfront',
        metadata: { api_domain: 'https://acme.my.workfront.com', api_key: 'wf-key-wrong' },
      }),
    );
    expect(wrongKey.ok).toBe(false);
    expect(wrongKey.message).toContain('You are not currently logged in');
    expect(wrongKey.message).not.toContain('wf-key-wrong');

    const wrongPassword = await testOf(
      await saveConnector({
        name: 'AEM with a wrong password',
        connector_type_slug: 'aem',
        metadata: {
          host_type: 'self',
          url: 'https://author.acme.test',
          username: 'author',
          password: 'wrong-pass-000',
        },
      }),
    );
    expect(wrongPassword.ok).toBe(false);
    expect(wrongPassword.message).not.toContain('wrong-pass-000');

    const notSignedIn = await ctx.deps.db
      .insertInto('connectors')
      .values({ account_id: account.id, connector_type_id: 8, name: 'Bitly not signed in yet' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await testOf(notSignedIn.id)).toEqual({
      ok: false,
      message:
        '"Bitly not signed in yet" is not authorised yet: sign in with the provider from Connected accounts first.',
    });
  });

  it("answers 404 for another account's provider account", async () => {
    const theirs = await insertOAuthConnector(8, 'bitly-token-ok');
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    const res = await stranger.post(`/api/v1/account/connector/${theirs}/test`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Acme Links');
  });
});
