import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QrCodeMonkeyStandin } from '../../../../tests/standins/qr-code-monkey';
import { localOutbound } from '../../test/local-outbound';
import { QrCodeMonkeyClient } from './client';

const standin = new QrCodeMonkeyStandin(['qr-ok']);
const client = (key = 'qr-ok') =>
  new QrCodeMonkeyClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.url,
    getAccessToken: async () => key,
  });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('QrCodeMonkeyClient', () => {
  it('renders a classic code as the image itself, in the asked type and size', async () => {
    const image = await client().render({
      data: 'https://acme.com/a',
      size: 320,
      file: 'png',
      config: { body: 'circle' },
      type: 'classic',
    });
    expect(image.contentType).toBe('image/png');
    const png = Buffer.from(image.body);
    expect(png.readUInt32BE(16)).toBe(320);
    expect(standin.renders.at(-1)).toMatchObject({
      path: '/qr/custom',
      data: 'https://acme.com/a',
      config: { body: 'circle' },
    });
  });

  it('renders a transparent code through /qr/transparent', async () => {
    await client().render({
      data: 'https://acme.com/b',
      size: 300,
      file: 'svg',
      config: {},
      type: 'transparent',
      background: 'https://acme.com/bg.png',
      x: 10,
      y: 20,
    });
    expect(standin.renders.at(-1)).toMatchObject({ path: '/qr/transparent', file: 'svg' });
  });

  it("maps a refused key to UNAUTHORIZED and the API's errors to HTTP with its words", async () => {
    await expect(
      client('qr-bad').render({ data: 'x', size: 300, file: 'png', config: {}, type: 'classic' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 403 });
    await expect(
      client().render({ data: 'x', size: 300, file: 'png', config: { colour: 'red' }, type: 'classic' }),
    ).rejects.toMatchObject({
      code: 'HTTP',
      status: 400,
      providerMessage: 'config key colour is not supported',
    });
  });
});
