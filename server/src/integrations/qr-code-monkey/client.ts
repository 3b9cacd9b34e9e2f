import { type ProviderClientOptions, ProviderHttp, stringAt } from '../provider-http';

/**
 * QRCode Monkey API client (README.md beside this file): one QR code image for a text (a link),
 * in a file type and size with a design config. Serves issue 12 item 4 (qr-code-monkey) and
 * spec 03 §3 "QR code generator metadata".
 */
export type QrCodeMonkeyClientOptions = ProviderClientOptions;

/** The image types QRCode Monkey renders (spec 03 §9). */
export type QrFileType = 'png' | 'svg' | 'pdf' | 'eps';

/** A rendered QR code: the file type asked for, the content type answered and the bytes. */
export interface QrImage {
  fileType: QrFileType;
  contentType: string;
  body: Uint8Array;
}

/** One QR code to render. `config` holds the design keys of spec 03 §3 (body, eye, colours, logo…). */
export interface QrRequest {
  data: string;
  size: number;
  file: QrFileType;
  config: Record<string, unknown>;
  /** classic (`/qr/custom`) or transparent over a background image (`/qr/transparent`). */
  type: 'classic' | 'transparent';
  /** For transparent codes: the background image URL and the code's offsets on it (percent). */
  background?: string;
  x?: number;
  y?: number;
}

const CONTENT_TYPES: Record<QrFileType, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  eps: 'application/postscript',
};

/** The QRCode Monkey client. Every method throws ProviderError on failure. */
export class QrCodeMonkeyClient {
  private readonly http: ProviderHttp;

  constructor(options: QrCodeMonkeyClientOptions) {
    this.http = new ProviderHttp({
      provider: 'qr-code-monkey',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      // The commercial API (RapidAPI) takes the account's key in X-RapidAPI-Key.
      authHeaders: async (): Promise<Record<string, string>> => {
        const key = await options.getAccessToken();
        return key ? { 'x-rapidapi-key': key } : {};
      },
      readError: (body) => ({ message: stringAt(body, 'error') ?? stringAt(body, 'message') }),
      isUnauthorized: (status) => status === 401 || status === 403,
    });
  }

  /**
   * Renders one QR code (`POST /qr/custom`, or `/qr/transparent` for the transparent type) with
   * `download: false`, so the answer is the image itself. Answers its bytes.
   */
  async render(req: QrRequest): Promise<QrImage> {
    const body =
      req.type === 'transparent'
        ? {
            data: req.data,
            image: req.background ?? '',
            x: req.x ?? 0,
            y: req.y ?? 0,
            size: req.size,
            crop: true,
            download: false,
            file: req.file,
          }
        : { data: req.data, config: req.config, size: req.size, download: false, file: req.file };
    const answer = await this.http.requestBinary({
      method: 'POST',
      path: req.type === 'transparent' ? '/qr/transparent' : '/qr/custom',
      body,
      headers: { accept: `${CONTENT_TYPES[req.file]}, application/json` },
    });
    return {
      fileType: req.file,
      contentType: answer.contentType || CONTENT_TYPES[req.file],
      body: answer.body,
    };
  }
}
