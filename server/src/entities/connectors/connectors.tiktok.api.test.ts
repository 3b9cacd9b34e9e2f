import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TikTokStandin } from '../../../../tests/standins/tiktok';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { readConnector } from './connectors.read';

/**
 * TikTok for Business sign-in (issue 10 item 4): its non-standard authorisation URL (app_id) and
 * code exchange (JSON app_id, secret, auth_code; TikTok's `{ code, message, data }` envelope),
 * against the TikTok stand-in (tests/standins/tiktok.ts) reached through OAUTH_TIKTOK_TOKEN_URL.
 */

const APP = { appId: 'tt-app-1', secret: 'tt-app-secret-xyz' };
const tiktok = new TikTokStandin({ app: APP, advertiserIds: ['7001', '7002'] });
const AUTH_PAGE = 'https://business-api.tiktok.com/portal/auth';

let ctx: TestContext;
let account: TestAccount;
let admin: supertest.Agent;

async function saveTikTok(name: string, secret = APP.secret) {
  const res = await admin.post('/api/v1/account/connector/').send({
    name,
    connector_type_slug: 'tiktok',
    metadata: { client_id: APP.appId, client_secret: secret },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
}

async function start(connectorId: number) {
  const init = await admin.post('/api/v1/oauth/init/tiktok').send({ connector_id: connectorId });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  return new URL(init.body as string);
}

beforeAll(async () => {
  await tiktok.start();
  ctx = await createTestContext({ OAUTH_TIKTOK_TOKEN_URL: tiktok.tokenUrl });
  account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
});

afterAll(async () => {
  await ctx?.close();
  await tiktok.close();
});

describe('TikTok sign-in', () => {
  it('init sends the advertiser to TikTok with app_id; the callback trades auth_code for a long-term token', async () => {
    const id = await saveTikTok('Acme TikTok');
    const url = await start(id);
    expect(`${url.origin}${url.pathname}`).toBe(AUTH_PAGE);
    expect(url.searchParams.get('app_id')).toBe(APP.appId);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/v1\/oauth\/callback$/);
    expect(url.searchParams.has('client_id')).toBe(false);
    const state = url.searchParams.get('state')!;
    expect(state).toBeTruthy();

    // The advertiser approves; TikTok returns with auth_code (also as code) and the state.
    const code = tiktok.issueCode('tt-long-term-token');
    const back = await admin.get('/api/v1/oauth/callback').query({ auth_code: code, code, state });
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/admin/accounts?oauth_success=true');

    const read = await readConnector(ctx.deps, account.id, id);
    expect(read.tokens).toMatchObject({
      access_token: 'tt-long-term-token',
      refresh_token: null,
      expires_at: null,
    });
    const listed = await admin.get('/api/v1/account/connector');
    expect(listed.body.data.find((c: { id: number }) => c.id === id)).toMatchObject({
      oauth_connected: true,
    });
    expect(JSON.stringify(listed.body)).not.toContain('tt-long-term-token');
    // The code went with the app's id and secret as TikTok's JSON body.
    expect(tiktok.requestsTo('/open_api/v1.3/oauth2/access_token/').length).toBe(1);
  });

  it("shows TikTok's refusal for a used code or a wrong secret and stores no token", async () => {
    const id = await saveTikTok('TikTok refused');
    const code = tiktok.issueCode();
    const first = await start(id);
    const used = await admin
      .get('/api/v1/oauth/callback')
      .query({ auth_code: code, state: first.searchParams.get('state') });
    expect(used.headers.location).toBe('/admin/accounts?oauth_success=true');

    const again = await start(await saveTikTok('TikTok code reused'));
    const reused = await admin
      .get('/api/v1/oauth/callback')
      .query({ auth_code: code, state: again.searchParams.get('state') });
    const reusedAt = new URL(reused.headers.location as string, 'http://x');
    expect(reusedAt.searchParams.get('oauth_success')).toBe('false');
    expect(reusedAt.searchParams.get('message')).toBe(
      'TikTok refused the authorisation code: The auth_code is invalid or has expired.',
    );

    const wrongId = await saveTikTok('TikTok wrong secret', 'not-the-app-secret');
    const wrong = await start(wrongId);
    const refused = await admin
      .get('/api/v1/oauth/callback')
      .query({ auth_code: tiktok.issueCode(), state: wrong.searchParams.get('state') });
    const refusedAt = new URL(refused.headers.location as string, 'http://x');
    expect(refusedAt.searchParams.get('message')).toBe(
      'TikTok refused the authorisation code: The app_id or secret is invalid.',
    );
    expect(refused.headers.location).not.toContain('not-the-app-secret');
    expect((await readConnector(ctx.deps, account.id, wrongId)).tokens).toBeNull();
  });
});
