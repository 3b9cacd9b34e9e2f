import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitlyStandin } from '../../../../tests/standins/bitly';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { BitlyClient, type BitlyClientOptions } from './client';

const standin = new BitlyStandin({
  validTokens: ['bitly-ok', 'bitly-fresh'],
  user: { login: 'acme-links', name: 'Acme Links', email: 'links@acme.example', default_group_guid: 'Bg1' },
  organizations: [
    { guid: 'Ok1', name: 'Acme', tier: 'enterprise' },
    { guid: 'Ok2', name: 'Acme Labs', tier: 'free' },
    { guid: 'Ok3', name: 'Old agency', tier: 'core', is_active: false },
  ],
  groups: [
    { guid: 'Bg1', name: 'Acme Global', organization_guid: 'Ok1', bsds: ['acme.link', 'go.acme.example'] },
    { guid: 'Bg2', name: 'Acme EMEA', organization_guid: 'Ok1', bsds: [] },
    { guid: 'Bg3', name: 'Labs', organization_guid: 'Ok2', bsds: ['labs.link'] },
  ],
});

function client(overrides: Partial<BitlyClientOptions> = {}) {
  return new BitlyClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.apiUrl,
    getAccessToken: async () => 'bitly-ok',
    ...overrides,
  });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('BitlyClient', () => {
  it('says which user the token belongs to', async () => {
    expect(await client().whoAmI()).toMatchObject({ login: 'acme-links', default_group_guid: 'Bg1' });
  });

  it('lists the active organizations as id, name and planType', async () => {
    expect(await client().listOrganizations()).toEqual([
      { id: 'Ok1', name: 'Acme', planType: 'enterprise' },
      { id: 'Ok2', name: 'Acme Labs', planType: 'free' },
    ]);
  });

  it('lists the groups of an organization with their branded domains as urls', async () => {
    expect(await client().listGroups('Ok1')).toEqual([
      { id: 'Bg1', name: 'Acme Global', orgId: 'Ok1', urls: ['acme.link', 'go.acme.example'] },
      { id: 'Bg2', name: 'Acme EMEA', orgId: 'Ok1', urls: [] },
    ]);
    expect((await client().listGroups()).map((g) => g.id)).toEqual(['Bg1', 'Bg2', 'Bg3']);
    expect(await client().getGroup('Bg3')).toEqual({
      id: 'Bg3',
      name: 'Labs',
      orgId: 'Ok2',
      urls: ['labs.link'],
    });
  });

  it('refreshes a refused token once and retries', async () => {
    const tokens = rotatingToken('bitly-stale', 'bitly-fresh');
    expect(await client(tokens).listOrganizations()).toHaveLength(2);
    expect(tokens.refreshes).toBe(1);
  });

  it('maps Bitly errors to ProviderError with the description', async () => {
    await expect(client().getGroup('nope')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerCode: 'NOT_FOUND',
      providerMessage: 'The group was not found.',
    });
    await expect(client().listGroups('Ok9')).rejects.toMatchObject({
      status: 403,
      providerCode: 'FORBIDDEN',
    });
    await expect(client({ getAccessToken: async () => 'bitly-revoked' }).whoAmI()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
    });
  });

  it('never repeats the token in an error, even when the provider echoes it', async () => {
    standin.injectOnce({
      path: '/v4/user',
      answer: {
        status: 400,
        body: { message: 'INVALID_ARG', description: 'Bad request for token bitly-ok' },
      },
    });
    const error = await client()
      .whoAmI()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, providerMessage: 'Bad request for token [redacted]' });
    expect(String((error as Error).message)).not.toContain('bitly-ok');
  });

  it('reports NETWORK when Bitly cannot be reached', async () => {
    const unreachable = new BitlyClient({
      fetch: localOutbound.fetch,
      baseUrl: 'http://127.0.0.1:1/v4',
      getAccessToken: async () => 'bitly-ok',
    });
    await expect(unreachable.whoAmI()).rejects.toMatchObject({
      code: 'NETWORK',
      status: null,
      httpStatus: 502,
    });
  });

  it('refuses an answer without the documented shape', async () => {
    standin.injectOnce({ path: '/v4/organizations', answer: { status: 200, body: { orgs: [] } } });
    await expect(client().listOrganizations()).rejects.toMatchObject({
      code: 'MALFORMED',
      provider: 'bitly',
    });
  });
});

describe('BitlyClient shortening', () => {
  it('shortens a link in a group on its branded domain, answering the same bitlink again', async () => {
    const first = await client().shorten('https://acme.com/spring', {
      groupGuid: 'Bg1',
      domain: 'acme.link',
    });
    expect(first.link).toBe(`https://${first.id}`);
    expect(first.id.startsWith('acme.link/')).toBe(true);
    expect(
      await client().shorten('https://acme.com/spring', { groupGuid: 'Bg1', domain: 'acme.link' }),
    ).toEqual(first);
  });

  it('adds a custom bitlink, and a taken one answers 409', async () => {
    const bitlink = await client().shorten('https://acme.com/custom', {
      groupGuid: 'Bg1',
      domain: 'acme.link',
    });
    expect(await client().addCustomBitlink(bitlink.id, 'acme.link/spring-sale')).toBe(
      'https://acme.link/spring-sale',
    );
    await expect(client().addCustomBitlink(bitlink.id, 'acme.link/spring-sale')).rejects.toMatchObject({
      code: 'HTTP',
      status: 409,
      providerCode: 'ALREADY_A_BITLINK',
    });
  });

  it("passes Bitly's refusal of a domain outside the group on", async () => {
    await expect(
      client().shorten('https://acme.com/x', { groupGuid: 'Bg2', domain: 'acme.link' }),
    ).rejects.toMatchObject({ code: 'HTTP', status: 400, providerCode: 'INVALID_ARG_DOMAIN' });
  });
});
