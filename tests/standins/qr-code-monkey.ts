import { deflateSync } from 'node:zlib';
import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * QRCode Monkey API stand-in (tests/standins/README.md). Follows
 * https://www.qrcode-monkey.com/qr-code-api-with-logo/ (`POST /qr/custom` with JSON `{ data,
 * config, size, download, file }`, `POST /qr/transparent` with `{ data, image, x, y, size, crop,
 * download, file }`; with `download: false` the answer is the image itself; the config keys of the
 * reference; errors as JSON `{ error }`) and the commercial listing's key header `X-RapidAPI-Key`
 * (https://rapidapi.com/qrcode-monkey/api/custom-qr-code-with-logo; 403 for a refused key).
 * Decision: the images are stand-ins too — a PNG of the asked size (blank), an SVG of that size
 * holding the data in a `data-content` attribute, a PDF or EPS header — enough to check type,
 * size and data.
 */

const CONFIG_KEYS = new Set([
  'body',
  'eye',
  'eyeBall',
  'erf1',
  'erf2',
  'erf3',
  'brf1',
  'brf2',
  'brf3',
  'bodyColor',
  'bgColor',
  'eye1Color',
  'eye2Color',
  'eye3Color',
  'eyeBall1Color',
  'eyeBall2Color',
  'eyeBall3Color',
  'gradientColor1',
  'gradientColor2',
  'gradientType',
  'gradientOnEyes',
  'logo',
]);

/** One QR code rendered: what was asked. */
export interface QrRender {
  path: string;
  data: string;
  size: number;
  file: string;
  config: Record<string, unknown>;
}

/** The QRCode Monkey stand-in server; base URL `standin.url` (QR_CODE_MONKEY_API_URL). */
export class QrCodeMonkeyStandin extends StandinServer {
  /** Every image rendered, oldest first. */
  readonly renders: QrRender[] = [];

  constructor(validKeys: string[]) {
    super(validKeys);
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const key = req.headers['x-rapidapi-key'];
    return key !== undefined && this.validCredentials.has(key);
  }

  protected unauthorized(): StandinAnswer {
    return { status: 403, body: { message: 'You are not subscribed to this API.' } };
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/qr/custom', handle: (req) => this.render(req, '/qr/custom') },
      { method: 'POST', path: '/qr/transparent', handle: (req) => this.render(req, '/qr/transparent') },
    ];
  }

  private render(req: StandinRequest, path: string): StandinAnswer {
    const body = req.body as Record<string, unknown> | undefined;
    if (!body || typeof body.data !== 'string' || body.data === '')
      return { status: 400, body: { error: 'data is required' } };
    const size = body.size;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 10 || size > 10000)
      return { status: 400, body: { error: 'size must be between 10 and 10000' } };
    const file = String(body.file ?? 'png');
    if (!['png', 'svg', 'pdf', 'eps'].includes(file))
      return { status: 400, body: { error: 'file type is not supported' } };
    const config = (body.config ?? {}) as Record<string, unknown>;
    if (path === '/qr/custom') {
      if (typeof config !== 'object' || Array.isArray(config))
        return { status: 400, body: { error: 'config must be an object' } };
      const unknown = Object.keys(config).find((k) => !CONFIG_KEYS.has(k));
      if (unknown) return { status: 400, body: { error: `config key ${unknown} is not supported` } };
    }
    if (body.download !== false && body.download !== undefined)
      return { status: 400, body: { error: 'this stand-in answers images only (download: false)' } };
    this.renders.push({ path, data: body.data, size, file, config });
    if (file === 'svg')
      return {
        status: 200,
        raw: `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" data-content="${body.data.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"></svg>`,
        headers: { 'content-type': 'image/svg+xml' },
      };
    if (file === 'png') return { status: 200, raw: blankPng(size), headers: { 'content-type': 'image/png' } };
    return {
      status: 200,
      raw: file === 'pdf' ? '%PDF-1.4\n%%EOF\n' : '%!PS-Adobe-3.0 EPSF-3.0\n',
      headers: { 'content-type': file === 'pdf' ? 'application/pdf' : 'application/postscript' },
    };
  }
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A white greyscale PNG of `size` × `size` pixels. */
function blankPng(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size, 255)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
