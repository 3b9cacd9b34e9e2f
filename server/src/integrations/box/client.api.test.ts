import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoxStandin } from '../../../../tests/standins/box';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { ProviderError } from '../provider-error';
import { BoxClient, type BoxClientOptions } from './client';

const standin = new BoxStandin(['box-ok']);

function client(overrides: Partial<BoxClientOptions> = {}) {
  return new BoxClient({
    fetch: localOutbound.fetch,
    apiUrl: standin.apiUrl,
    uploadUrl: standin.uploadUrl,
    getAccessToken: async () => 'box-ok',
    ...overrides,
  });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('BoxClient', () => {
  it('finds a folder path, making the missing folders once, and takes digits as an id', async () => {
    const id = await client().folderIdFor('/Clients/Acme');
    expect(standin.itemAt('/Clients/Acme')?.id).toBe(id);
    expect(await client().folderIdFor('Clients/Acme/')).toBe(id);
    expect(standin.childrenOf('0').filter((i) => i.name === 'Clients')).toHaveLength(1);
    expect(await client().folderIdFor('12345')).toBe('12345');
    expect(await client().folderIdFor('/')).toBe('0');
  });

  it('pages through a large folder to find an item', async () => {
    const parent = await client().folderIdFor('/Big');
    for (let i = 0; i < 1005; i++)
      standin.items.set(`big-${i}`, { type: 'folder', id: `big-${i}`, name: `F${i}`, parent, versions: [] });
    expect(await client().folderIdFor('/Big/F1004')).toBe('big-1004');
    expect(standin.requestsTo(`/2.0/folders/${parent}/items`).map((r) => r.query.offset)).toContain('1000');
  });

  it('uploads a file, and a taken name gets a new version of that file', async () => {
    const folder = await client().folderIdFor('/Uploads');
    const first = await client().uploadFile(folder, 'a.csv', Buffer.from('one'), 'text/csv');
    expect(first.newVersion).toBe(false);
    const second = await client().uploadFile(folder, 'a.csv', Buffer.from('two'), 'text/csv');
    expect(second).toMatchObject({ newVersion: true, file: { id: first.file.id } });
    expect(standin.itemAt('/Uploads/a.csv')!.versions.map((v) => v.toString())).toEqual(['one', 'two']);
  });

  it('refreshes a refused token once, then fails as UNAUTHORIZED', async () => {
    const token = rotatingToken('box-old', 'box-new');
    standin.acceptCredential('box-new');
    expect(await client({ ...token }).folderIdFor('/Uploads')).toBe(standin.itemAt('/Uploads')!.id);
    const refused = client({ getAccessToken: async () => 'box-bad' }).folderIdFor('/x');
    await expect(refused).rejects.toBeInstanceOf(ProviderError);
    await expect(refused).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it("passes Box's other errors on with its code and message", async () => {
    const failure = client().uploadFile('999999', 'x.csv', Buffer.from('x'), 'text/csv');
    await expect(failure).rejects.toMatchObject({ code: 'HTTP', status: 404, providerCode: 'not_found' });
  });
});
