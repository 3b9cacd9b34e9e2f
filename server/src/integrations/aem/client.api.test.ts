import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AemStandin } from '../../../../tests/standins/aem';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
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
  pages: [
    {
      path: '/content/acme/en',
      title: 'Acme',
      template: '/conf/acme/settings/wcm/templates/home',
      tags: ['acme:brand/main'],
      lastModified: '2026-03-01T10:00:00.000Z',
    },
    ...Array.from({ length: 120 }, (_, i) => ({
      path: `/content/acme/en/news/item-${String(i).padStart(3, '0')}`,
      title: `News ${i}`,
      template: '/conf/acme/settings/wcm/templates/article',
      tags: i % 2 === 0 ? ['acme:topic/sale'] : ['acme:topic/story'],
    })),
    { path: '/content/acme/en/spring', title: 'Spring ♥', tags: ['acme:season/spring', 'acme:topic/sale'] },
    { path: '/content/other/en', title: 'Other site' },
  ],
  siteFolders: [
    { path: '/content/acme', title: 'Acme sites', ordered: true },
    { path: '/content/other' },
    { path: '/content/acme/en/news', title: 'News' },
  ],
});

function client(
  auth: AemClientOptions['auth'] = { type: 'bearer', getAccessToken: async () => 'ims-ok' },
  extra = {},
) {
  return new AemClient({ fetch: localOutbound.fetch, baseUrl: standin.url, auth, ...extra });
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

  it('lists the pages under a content path across QueryBuilder pages, with their jcr:content properties', async () => {
    const pages = await client().listPages('/content/acme');
    expect(pages).toHaveLength(122);
    expect(pages[0]).toEqual({
      path: '/content/acme/en',
      name: 'en',
      title: 'Acme',
      template: '/conf/acme/settings/wcm/templates/home',
      tags: ['acme:brand/main'],
      lastModified: '2026-03-01T10:00:00.000Z',
    });
    expect(pages.at(-1)).toMatchObject({ path: '/content/acme/en/spring', title: 'Spring ♥' });
    const calls = standin.requestsTo('/bin/querybuilder.json').slice(-2);
    expect(calls.map((c) => c.query['p.offset'])).toEqual(['0', '100']);
    expect(calls[0]!.query).toMatchObject({
      path: '/content/acme',
      type: 'cq:Page',
      'p.limit': '100',
      'p.hits': 'selective',
    });
    expect(calls[0]!.query['p.properties']!.split(' ')).toContain('jcr:content/jcr:title');
    // QueryBuilder leaves the page at `path` out unless asked (path.self): a site's home page counts.
    expect(calls[0]!.query['path.self']).toBe('true');
    const site = await client().listPages('/content/acme/en');
    expect(site[0]).toMatchObject({ path: '/content/acme/en', title: 'Acme' });
    expect(site).toHaveLength(122);
  });

  it('keeps the pages tagged with one of the chosen tags, asked of AEM', async () => {
    const pages = await client().listPages('acme/en', { tags: ['acme:season/spring', 'acme:brand/main'] });
    expect(pages.map((p) => p.path)).toEqual(['/content/acme/en', '/content/acme/en/spring']);
    const sale = await client().listPages('/content/acme/en/news', { tags: ['acme:topic/sale'] });
    expect(sale).toHaveLength(60);
    expect(standin.requestsTo('/bin/querybuilder.json').at(-1)!.query).toMatchObject({
      'group.p.or': 'true',
      'group.1_tagid': 'acme:topic/sale',
      'group.1_tagid.property': 'jcr:content/cq:tags',
    });
  });

  it('stops at the most pages asked for, and refuses . and .. before calling AEM', async () => {
    expect(await client().listPages('/content/acme', { max: 5 })).toHaveLength(5);
    await expect(client().listPages('/content/../etc')).rejects.toThrow(RangeError);
  });

  it('lists the site folders and pages directly under /content, leaving the DAM out', async () => {
    for (const root of ['', '/', '/content']) {
      expect(await client().listSiteFolders(root)).toEqual([
        { name: 'acme', title: 'Acme sites', path: '/content/acme' },
        { name: 'other', title: undefined, path: '/content/other' },
      ]);
    }
    const call = standin.requestsTo('/bin/querybuilder.json').at(-1)!;
    expect(call.query).toMatchObject({
      path: '/content',
      'path.flat': 'true',
      property: 'jcr:primaryType',
      'property.1_value': 'cq:Page',
      'property.2_value': 'sling:Folder',
      'property.3_value': 'sling:OrderedFolder',
      orderby: 'path',
      'p.offset': '0',
      'p.limit': '100',
      'p.hits': 'selective',
    });
    expect(call.query['p.properties']!.split(' ')).toEqual(
      expect.arrayContaining(['jcr:path', 'jcr:title', 'jcr:content/jcr:title']),
    );
  });

  it('lists the pages and folders one level under a content path, a page titled by its jcr:content', async () => {
    expect(await client().listSiteFolders('/content/acme')).toEqual([
      { name: 'en', title: 'Acme', path: '/content/acme/en' },
    ]);
    expect(await client().listSiteFolders('acme/en')).toEqual([
      { name: 'news', title: 'News', path: '/content/acme/en/news' },
      { name: 'spring', title: 'Spring ♥', path: '/content/acme/en/spring' },
    ]);
    expect(await client().listSiteFolders('/content/other/en')).toEqual([]);
  });

  it('lists every page of a content path across QueryBuilder pages, in path order', async () => {
    const children = await client().listSiteFolders('/content/acme/en/news');
    expect(children).toHaveLength(120);
    expect(children[0]).toEqual({
      name: 'item-000',
      title: 'News 0',
      path: '/content/acme/en/news/item-000',
    });
    expect(children.at(-1)!.name).toBe('item-119');
    const calls = standin.requestsTo('/bin/querybuilder.json').slice(-2);
    expect(calls.map((c) => c.query['p.offset'])).toEqual(['0', '100']);
    expect(calls.every((c) => c.query.path === '/content/acme/en/news')).toBe(true);
  });

  it('refuses . and .. in a content path before calling AEM, and maps a failed folders query', async () => {
    const before = standin.requestsTo('/bin/querybuilder.json').length;
    await expect(client().listSiteFolders('/content/acme/../../etc')).rejects.toThrow(RangeError);
    expect(standin.requestsTo('/bin/querybuilder.json')).toHaveLength(before);
    standin.injectOnce({
      path: '/bin/querybuilder.json',
      answer: { status: 200, body: { success: false, results: 0, total: 0, offset: 0, hits: [] } },
    });
    await expect(client().listSiteFolders('/content')).rejects.toMatchObject({
      code: 'MALFORMED',
      provider: 'aem',
      providerMessage: 'the site folders query answered success: false',
    });
  });

  it('maps a query AEM cannot run to a ProviderError', async () => {
    standin.injectOnce({
      path: '/bin/querybuilder.json',
      answer: { status: 200, body: { success: false, results: 0, total: 0, offset: 0, hits: [] } },
    });
    await expect(client().listPages('/content/acme')).rejects.toMatchObject({
      code: 'MALFORMED',
      provider: 'aem',
    });
  });
});
