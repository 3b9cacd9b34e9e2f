import { randomUUID } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SamlPost, type SsoSamlPeer, startSsoSamlPeer } from '../../../../tests/peers/sso-saml-peer';
import { ssoChecks } from '../../test/sso-checks';
import { type AdminContext, createAdminContext, createUser } from '../../test/test-context';

/**
 * Single sign-on through SAML 2.0 (README "Single sign-on"), end to end over HTTP against a real
 * SAML IdP (tests/peers/sso-saml-peer.ts: a key and self-signed certificate made at start,
 * assertions signed with xml-crypto): the browser is a cookie jar, the IdP's page is played by
 * the peer reading Nomen's AuthnRequest and answering the form it would post to the ACS. Covers
 * the settings (metadata URL or XML, typed values, SP metadata), SP- and IdP-initiated sign-in
 * with just-in-time creation and mapping from an attribute, the test button, and every refusal
 * (each logged, nothing created).
 */

const APP = 'http://nomen.test';

let idp: SsoSamlPeer;
let c: AdminContext;
let domain: string;
let providerId: number;
let adminsGroup: number;
let marketingGroup: number;

type Agent = ReturnType<typeof supertest.agent>;

/** A SAML provider's save body on the peer's metadata URL unless told. */
function providerBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Acme SAML',
    protocol: 'saml',
    enabled: true,
    email_domains: [domain],
    jit_enabled: true,
    default_role: 'USER',
    mapping_rules: [
      { claim: 'groups', value: 'nomen-admins', role: 'ADMIN' },
      { claim: 'groups', value: 'nomen-admins', group_id: adminsGroup },
      { claim: 'groups', value: 'marketing', group_id: marketingGroup },
    ],
    bound_session_to_idp: false,
    saml: { metadata_url: idp.metadataUrl },
    ...overrides,
  };
}

function acsPath(id = providerId): string {
  return `/api/v1/auth/sso/saml/${id}/acs`;
}

/** Starts an SP-initiated sign-in in `agent`; answers the IdP's URL. */
async function start(agent: Agent, id = providerId): Promise<string> {
  const res = await agent.get(`/api/v1/auth/sso/${id}/start`);
  expect(res.status).toBe(302);
  return res.headers.location as string;
}

/** Posts the IdP's form to the ACS, as the browser does: from the IdP's page, another site. */
function post(agent: Agent, form: SamlPost) {
  const path = new URL(form.acsUrl).pathname;
  const { acsUrl: _a, ...fields } = form;
  return agent.post(path).set('Origin', new URL(idp.ssoUrl).origin).type('form').send(fields);
}

/** A whole SP-initiated sign-in as `login`, in a fresh browser. */
async function samlSignIn(login: string) {
  const agent = supertest.agent(c.ctx.app);
  const form = idp.answer(await start(agent), login);
  const res = await post(agent, form);
  return { agent, res, form };
}

/** An IdP-initiated Response for `login` to the provider's ACS, options as the peer takes them. */
function idpInitiated(login: string, options: Parameters<SsoSamlPeer['response']>[3] = {}): SamlPost {
  const acsUrl = APP + acsPath();
  const audience = `${APP}/api/v1/auth/sso/saml/${providerId}/metadata`;
  return { acsUrl, SAMLResponse: idp.response(login, acsUrl, audience, options) };
}

const { refusal, usersWithEmail, lastRefusal, groupIdsOf } = ssoChecks(() => c);

/** Asserts a refusal: its reason on the page and in the activity log, no session, nobody created. */
async function expectRefused(
  res: { status: number; headers: Record<string, unknown> },
  reason: RegExp,
  email: string,
  agent?: Agent,
) {
  expect(refusal(res)).toMatch(reason);
  expect(await lastRefusal()).toMatch(reason);
  if (agent) expect((await agent.get('/api/v1/auth/me')).status).toBe(401);
  expect(await usersWithEmail(email)).toHaveLength(0);
}

beforeAll(async () => {
  idp = await startSsoSamlPeer();
  c = await createAdminContext();
  domain = `saml-${randomUUID().slice(0, 6)}.test`;
  const group = async (name: string) =>
    (await c.admin.post('/api/v1/account/groups/merge-or-create').send({ name })).body.group.id as number;
  adminsGroup = await group('Admins');
  marketingGroup = await group('Marketing');
  const created = await c.admin.post('/api/v1/account/sso/providers').send(providerBody());
  expect(created.status).toBe(201);
  providerId = created.body.provider.id;
});

afterAll(async () => {
  await c?.ctx.close();
  await idp?.close();
});

describe('Settings → Single sign-on, SAML', () => {
  it('reads the IdP from its metadata URL and answers the values to paste at the IdP', async () => {
    const { body } = await c.admin.get(`/api/v1/account/sso/providers/${providerId}`);
    const metadataUrl = `${APP}/api/v1/auth/sso/saml/${providerId}/metadata`;
    expect(body.provider.saml).toMatchObject({
      idp_entity_id: idp.entityId,
      sso_url: idp.ssoUrl,
      metadata_url: idp.metadataUrl,
      want_assertions_signed: true,
      sp_entity_id: metadataUrl,
      acs_url: `${APP}${acsPath()}`,
      sp_metadata_url: metadataUrl,
    });
    expect(body.provider.saml.certificates).toHaveLength(1);
    expect(body.provider.oidc).toBeNull();
  });

  it('takes pasted metadata XML or typed values', async () => {
    const pasted = await c.admin
      .post('/api/v1/account/sso/providers')
      .send(providerBody({ name: 'Pasted', email_domains: [], saml: { metadata_xml: idp.metadata } }));
    expect(pasted.status).toBe(201);
    expect(pasted.body.provider.saml).toMatchObject({ idp_entity_id: idp.entityId, sso_url: idp.ssoUrl });
    const typed = await c.admin.post('/api/v1/account/sso/providers').send(
      providerBody({
        name: 'Typed',
        email_domains: [],
        saml: { idp_entity_id: 'urn:acme:idp', sso_url: idp.ssoUrl, certificates: [idp.certificate] },
      }),
    );
    expect(typed.status).toBe(201);
    expect(typed.body.provider.saml.idp_entity_id).toBe('urn:acme:idp');
    expect(typed.body.provider.saml.certificates).toEqual(pasted.body.provider.saml.certificates);
    // Turned off, the IdP's side may wait: the SP values come first, to give the IdP.
    const first = await c.admin
      .post('/api/v1/account/sso/providers')
      .send(providerBody({ name: 'Later', email_domains: [], enabled: false, saml: {} }));
    expect(first.status).toBe(201);
    expect(first.body.provider.saml).toMatchObject({ idp_entity_id: '', certificates: [] });
    expect(first.body.provider.saml.acs_url).toBe(`${APP}${acsPath(first.body.provider.id)}`);
    const test = await c.admin.post(`/api/v1/account/sso/providers/${first.body.provider.id}/test`);
    expect(test.status).toBe(502);
    expect(test.body.message).toMatch(/no single sign-on URL/);
    const metadata = await supertest(c.ctx.app).get(
      `/api/v1/auth/sso/saml/${first.body.provider.id}/metadata`,
    );
    expect(metadata.status).toBe(200);
  });

  it('serves SP metadata naming the entity id, the ACS and the email NameID format', async () => {
    const res = await supertest(c.ctx.app).get(`/api/v1/auth/sso/saml/${providerId}/metadata`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    const doc = new DOMParser().parseFromString(res.text, 'text/xml');
    const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
    const entity = doc.documentElement!;
    expect(entity.localName).toBe('EntityDescriptor');
    expect(entity.getAttribute('entityID')).toBe(`${APP}/api/v1/auth/sso/saml/${providerId}/metadata`);
    const acs = doc.getElementsByTagNameNS(md, 'AssertionConsumerService')[0]!;
    expect(acs.getAttribute('Location')).toBe(`${APP}${acsPath()}`);
    expect(acs.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(doc.getElementsByTagNameNS(md, 'NameIDFormat')[0]!.textContent).toBe(
      'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    );
    expect(doc.getElementsByTagNameNS(md, 'SPSSODescriptor')[0]!.getAttribute('WantAssertionsSigned')).toBe(
      'true',
    );
    expect((await supertest(c.ctx.app).get('/api/v1/auth/sso/saml/999999/metadata')).status).toBe(404);
  });

  it('answers 400 naming the field for bad input, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ saml: {} }, 'body.saml.idp_entity_id'],
      [{ saml: { metadata_url: 'not a url' } }, 'body.saml.metadata_url'],
      [{ saml: { metadata_url: `${idp.ssoUrl}/nowhere` } }, 'body.saml.metadata_url'],
      [{ saml: { metadata_xml: '<not-metadata/>' } }, 'body.saml.metadata_xml'],
      [{ saml: { metadata_xml: 'plain text' } }, 'body.saml.metadata_xml'],
      [{ saml: { idp_entity_id: 'urn:x', certificates: [idp.certificate] } }, 'body.saml.sso_url'],
      [{ saml: { idp_entity_id: 'urn:x', sso_url: idp.ssoUrl } }, 'body.saml.certificates'],
      [
        { saml: { idp_entity_id: 'urn:x', sso_url: idp.ssoUrl, certificates: ['not a certificate'] } },
        'body.saml.certificates.0',
      ],
      [
        { saml: { metadata_url: idp.metadataUrl, want_assertions_signed: 'yes' } },
        'body.saml.want_assertions_signed',
      ],
      [{ saml: undefined }, 'body.saml'],
    ];
    for (const [overrides, path] of cases) {
      const res = await c.admin
        .post('/api/v1/account/sso/providers')
        .send(providerBody({ name: `Bad ${randomUUID()}`, email_domains: [], ...overrides }));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const anon = supertest(c.ctx.app);
    const missing = await anon.post(acsPath()).type('form').send({ RelayState: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe('body.SAMLResponse');
    const tooLarge = await anon
      .post(acsPath())
      .type('form')
      .send({ SAMLResponse: 'A'.repeat(600 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect(
      (await anon.post('/api/v1/auth/sso/saml/abc/acs').type('form').send({ SAMLResponse: 'x' })).status,
    ).toBe(400);
  });
});

describe('Signing in through SAML', () => {
  it('signs in SP-initiated, creating the person just in time with the role and group mapped from an attribute', async () => {
    const email = `ada@${domain}`;
    idp.people.set('ada', { email, name: 'Ada Lovelace', groups: ['nomen-admins', 'marketing'] });
    const agent = supertest.agent(c.ctx.app);
    const idpUrl = await start(agent);
    expect(idpUrl.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
    const res = await post(agent, idp.answer(idpUrl, 'ada'));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    const me = await agent.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, name: 'Ada Lovelace', role: 'ADMIN' });
    expect(await groupIdsOf(me.body.user.id)).toEqual([adminsGroup, marketingGroup].sort((a, b) => a - b));
  });

  it('signs in IdP-initiated, re-applying the mapping (a group change demotes) on the same user', async () => {
    const email = `ada@${domain}`;
    const [before] = await usersWithEmail(email);
    idp.people.set('ada', { email, name: 'Ada Lovelace', groups: ['marketing'] });
    const agent = supertest.agent(c.ctx.app);
    const res = await post(agent, idpInitiated('ada'));
    expect(res.headers.location).toBe('/');
    const me = await agent.get('/api/v1/auth/me');
    expect(me.body.user).toMatchObject({ id: before!.id, role: 'USER' });
    expect(await groupIdsOf(before!.id)).toEqual([marketingGroup]);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('runs the test button through a real SAML sign-in, showing the attributes and changing nothing', async () => {
    idp.people.set('tess', { email: `tess@${domain}`, groups: ['nomen-admins'] });
    const started = await c.admin.post(`/api/v1/account/sso/providers/${providerId}/test`);
    expect(started.status).toBe(200);
    const res = await post(c.admin, idp.answer(started.body.url, 'tess'));
    expect(res.headers.location).toBe(`/sso/test-finished?test=${started.body.test_id}`);
    const result = await c.admin.get(`/api/v1/account/sso/tests/${started.body.test_id}`);
    expect(result.body).toMatchObject({ status: 'ok', email: `tess@${domain}`, role: 'ADMIN' });
    expect(result.body.claims).toMatchObject({ groups: 'nomen-admins', name_id: `tess@${domain}` });
    expect(await usersWithEmail(`tess@${domain}`)).toHaveLength(0);
  });
});

describe('SAML refusals: a clear page, an activity entry, nothing created', () => {
  it('refuses a tampered assertion (a signed attribute or the NameID edited after signing)', async () => {
    idp.people.set('tom', { email: `tom@${domain}`, groups: ['marketing'] });
    const promote = (xml: string) => xml.replace('>marketing<', '>nomen-admins<');
    const first = await samlSignInWith('tom', { tamper: promote });
    await expectRefused(first.res, /signature does not verify/, `tom@${domain}`, first.agent);
    const other = (xml: string) =>
      xml.replace(`>tom@${domain}</saml:NameID>`, `>boss@${domain}</saml:NameID>`);
    const second = await samlSignInWith('tom', { tamper: other });
    await expectRefused(second.res, /signature does not verify/, `boss@${domain}`);
    const forged = await samlSignInWith('tom', { foreignKey: true });
    await expectRefused(forged.res, /signature does not verify/, `tom@${domain}`);
  });

  it('refuses a replayed assertion, SP- or IdP-initiated', async () => {
    idp.people.set('rita', { email: `rita@${domain}` });
    const { res, form } = await samlSignIn('rita');
    expect(res.headers.location).toBe('/');
    const replay = supertest.agent(c.ctx.app);
    const again = await post(replay, form);
    expect(refusal(again)).toMatch(/already used \(a replay\)/);
    expect(await lastRefusal()).toMatch(/replay/);
    expect((await replay.get('/api/v1/auth/me')).status).toBe(401);
    const unsolicited = idpInitiated('rita');
    expect((await post(supertest.agent(c.ctx.app), unsolicited)).headers.location).toBe('/');
    expect(refusal(await post(supertest.agent(c.ctx.app), unsolicited))).toMatch(/already used \(a replay\)/);
  });

  it('refuses an assertion meant for another service provider', async () => {
    idp.people.set('walt', { email: `walt@${domain}` });
    const { res, agent } = await samlSignInWith('walt', { audience: 'https://other-sp.example/metadata' });
    await expectRefused(res, /meant for another service provider/, `walt@${domain}`, agent);
  });

  it('refuses an expired assertion', async () => {
    idp.people.set('old', { email: `old@${domain}` });
    const { res, agent } = await samlSignInWith('old', { validForSeconds: -120 });
    await expectRefused(res, /expired/, `old@${domain}`, agent);
  });

  it('refuses an unknown issuer', async () => {
    idp.people.set('ivy', { email: `ivy@${domain}` });
    const res = await post(
      supertest.agent(c.ctx.app),
      idpInitiated('ivy', { issuer: 'https://evil.example/idp' }),
    );
    await expectRefused(res, /unknown issuer \(https:\/\/evil\.example\/idp\)/, `ivy@${domain}`);
  });

  it('refuses an answer to a request this server never made', async () => {
    idp.people.set('nils', { email: `nils@${domain}` });
    const res = await post(supertest.agent(c.ctx.app), idpInitiated('nils', { inResponseTo: '_forged' }));
    await expectRefused(res, /does not match a sign-in started here/, `nils@${domain}`);
  });

  it('refuses an email outside the allowed domains', async () => {
    idp.people.set('eve', { email: 'eve@elsewhere.test' });
    const { res } = await samlSignIn('eve');
    await expectRefused(res, /outside the email domains Acme SAML signs in/, 'eve@elsewhere.test');
  });

  it('keeps a disabled user out even though the IdP lets them in, changing nothing', async () => {
    const user = await createUser(c.ctx, c.account.id, {
      role: 'USER',
      email: `dina@${domain}`,
      disabled: true,
    });
    idp.people.set('dina', { email: `dina@${domain}`, groups: ['nomen-admins'] });
    const { res, agent } = await samlSignIn('dina');
    expect(refusal(res)).toMatch(/disabled/);
    expect((await agent.get('/api/v1/auth/me')).status).toBe(401);
    expect(await usersWithEmail(`dina@${domain}`)).toEqual([{ id: user.id, role: 'USER' }]);
    expect(await groupIdsOf(user.id)).toEqual([]);
  });

  it('refuses an unknown provider at the ACS', async () => {
    const res = await post(supertest.agent(c.ctx.app), {
      ...idpInitiated('x'),
      acsUrl: `${APP}${acsPath(999_999)}`,
    });
    expect(refusal(res)).toMatch(/unknown/);
  });
});

/** An SP-initiated sign-in whose Response the peer alters with `options`. */
async function samlSignInWith(login: string, options: Parameters<SsoSamlPeer['answer']>[2]) {
  const agent = supertest.agent(c.ctx.app);
  const res = await post(agent, idp.answer(await start(agent), login, options));
  return { agent, res };
}
