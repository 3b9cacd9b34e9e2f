import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AemStandin } from '../../../../tests/standins/aem';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { AemClient, type AemClientOptions } from './client';

const standin = new AemStandin({
  validTokens: ['ims-ok', 'ims-fresh'],
  basicUsers: [{ username: 'author', password: 's3cret-pass' }],
  folders: [
    {
      name: 'acme',
      title: 'Acme brand',
      folders: [
        ...Array.from({ length: 130 }, (_, i) => ({ name: `campaign-${String(i).padStart(3, '0')}` })),
        { name: 'spring 2025', title: 'Spring 2025 ♥' },
      ],
      assets: [{ name: 'logo.png', title: 'Logo' }],
    },
    { name: 'shared' },
  ],
  assets: [{ name: 'readme.pdf' }],
});

function client(
  auth: AemClientOptions['auth'] = { type: 'bearer', getAccessToken: async () => 'ims-ok' },
  extra = {},
) {
  return new AemClient({ baseUrl: standin.url, auth, ...extra });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('AemClient', () => {
  it('lists the folders of the DAM root, leaving assets out', async () => {
    expect(await client().listFolders('/content/dam')).toEqual([
      { name: 'acme', title: 'Acme brand', path: '/content/dam/acme' },
      { name: 'shared', title: undefined, path: '/content/dam/shared' },
    ]);
  });

  it('lists every folder of a path across offset/limit pages', async () => {
    const folders = await client().listFolders('/content/dam/acme');
    expect(folders).toHaveLength(131);
    expect(folders.at(-1)).toEqual({
      name: 'spring 2025',
      title: 'Spring 2025 ♥',
      path: '/content/dam/acme/spring 2025',
    });
    expect(standin.requestsTo('/api/assets/acme.json').map((r) => r.query.offset)).toEqual(['0', '100']);
    expect(await client().listFolders('acme/spring 2025')).toEqual([]);
  });

  it('refuses . and .. in a path before calling AEM', async () => {
    await expect(client().listFolders('/content/dam/../etc')).rejects.toThrow(RangeError);
  });

  it('signs in with basic credentials on self-hosted AEM', async () => {
    const basic = client({ type: 'basic', username: 'author', getPassword: async () => 's3cret-pass' });
    expect((await basic.listFolders('')).map((f) => f.name)).toEqual(['acme', 'shared']);
    const wrong = client({ type: 'basic', username: 'author', getPassword: async () => 'wrong-password' });
    const error = await wrong.listFolders('').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(JSON.stringify(error)).not.toContain('wrong-password');
  });

  it('refreshes a refused token once and retries', async () => {
    const tokens = rotatingToken('ims-expired', 'ims-fresh');
    const refreshed = client(
      { type: 'bearer', getAccessToken: tokens.getAccessToken },
      {
        onUnauthorized: tokens.onUnauthorized,
      },
    );
    expect(await refreshed.listFolders('/content/dam/acme')).toHaveLength(131);
    expect(tokens.refreshes).toBe(1);
  });

  it('maps an unknown folder to a ProviderError with the status message', async () => {
    await expect(client().listFolders('/content/dam/nope')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      provider: 'aem',
      providerMessage: 'Not Found',
    });
  });

  it('refuses an answer without the documented shape', async () => {
    standin.injectOnce({
      path: '/api/assets/shared.json',
      answer: { status: 200, body: { entities: 'none' } },
    });
    await expect(client().listFolders('shared')).rejects.toMatchObject({
      code: 'MALFORMED',
      provider: 'aem',
    });
  });

  it('updates the metadata of an asset by its DAM path; a missing asset is 404', async () => {
    await client().updateAssetMetadata('/content/dam/acme/logo.png', {
      'dc:title': 'Logo 2026',
      'dc:description': 'Main',
    });
    expect(standin.assetAt('acme/logo.png')).toMatchObject({
      title: 'Logo 2026',
      metadata: { 'dc:title': 'Logo 2026', 'dc:description': 'Main' },
    });
    await expect(client().updateAssetMetadata('/acme/none.png', { 'dc:title': 'x' })).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
    });
    await expect(client().updateAssetMetadata('/content/dam', { 'dc:title': 'x' })).rejects.toThrow(
      RangeError,
    );
  });

  it('stores a file as an asset of a folder, replacing its binary when the name is taken', async () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(await client().putAsset('/content/dam/shared', 'list.csv', bytes('a,b'), 'text/csv')).toBe(
      'created',
    );
    expect(await client().putAsset('/shared', 'list.csv', bytes('a,c'), 'text/csv')).toBe('updated');
    expect(standin.assetAt('shared/list.csv')).toMatchObject({ contentType: 'text/csv', versions: 2 });
    expect(standin.assetAt('shared/list.csv')!.binary!.toString('utf8')).toBe('a,c');
    await expect(client().putAsset('/nope', 'x.csv', bytes('x'), 'text/csv')).rejects.toMatchObject({
      status: 404,
    });
  });
});
