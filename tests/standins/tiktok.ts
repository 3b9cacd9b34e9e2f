import { randomBytes } from 'node:crypto';
import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * TikTok for Business sign-in stand-in (tests/standins/README.md). Follows TikTok's Marketing
 * API authorization reference, https://business-api.tiktok.com/portal/docs?id=1738373164380162
 * and …?id=1739965703387137: `POST /open_api/v1.3/oauth2/access_token/` with a JSON body of
 * `app_id`, `secret` and `auth_code` answers HTTP 200 with `{ code, message, request_id, data }`,
 * `code` 0 and a long-term `data.access_token` (with `advertiser_ids` and `scope`) on success,
 * another `code` with TikTok's message otherwise. An auth code is single-use. The advertiser
 * authorisation page itself is a browser page; `issueCode()` stands for an advertiser approving it.
 */

/** Seed data of the TikTok stand-in. */
export interface TikTokSeed {
  /** The developer app (app_id and secret) allowed to trade codes. */
  app: { appId: string; secret: string };
  /** The advertisers an approval grants. */
  advertiserIds: string[];
}

/** The TikTok stand-in server. */
export class TikTokStandin extends StandinServer {
  private readonly seed: TikTokSeed;
  private readonly codes = new Map<string, string>();

  constructor(seed: TikTokSeed) {
    super([]);
    this.seed = seed;
  }

  /** Where the app's TikTok token URL points (OAUTH_TIKTOK_TOKEN_URL). */
  get tokenUrl(): string {
    return `${this.url}/open_api/v1.3/oauth2/access_token/`;
  }

  /** An auth code as TikTok gives after an advertiser approves the app; `accessToken` is what it trades for. */
  issueCode(accessToken = `tt-${randomBytes(8).toString('hex')}`): string {
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, accessToken);
    return code;
  }

  // The token endpoint authenticates by its body, checked in the handler.
  protected isAuthorized(): boolean {
    return true;
  }

  protected unauthorized(): StandinAnswer {
    return tiktokAnswer(40001, 'Unauthorized');
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/open_api/v1.3/oauth2/access_token/', handle: (req) => this.token(req) },
    ];
  }

  private token(req: StandinRequest): StandinAnswer {
    const body = (req.body ?? {}) as { app_id?: unknown; secret?: unknown; auth_code?: unknown };
    if (body.app_id !== this.seed.app.appId || body.secret !== this.seed.app.secret)
      return tiktokAnswer(40001, 'The app_id or secret is invalid.');
    const accessToken = typeof body.auth_code === 'string' ? this.codes.get(body.auth_code) : undefined;
    if (!accessToken) return tiktokAnswer(40104, 'The auth_code is invalid or has expired.');
    this.codes.delete(body.auth_code as string);
    return tiktokAnswer(0, 'OK', {
      access_token: accessToken,
      advertiser_ids: this.seed.advertiserIds,
      scope: [4, 5],
    });
  }
}

function tiktokAnswer(code: number, message: string, data: object = {}): StandinAnswer {
  return {
    status: 200,
    body: { code, message, request_id: randomBytes(8).toString('hex'), data },
  };
}
