import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Adobe IMS stand-in (tests/standins/README.md) for the OAuth Server-to-Server credential of the
 * Adobe Analytics API. Follows
 * https://developer.adobe.com/developer-console/docs/guides/authentication/ServerToServerAuthentication/implementation/:
 * `POST /ims/token/v3` with a form body (grant_type=client_credentials, client_id, client_secret,
 * scope) answers `{ access_token, token_type: "bearer", expires_in }`; a wrong client id or secret
 * answers 400 `{ error: "invalid_client", error_description }` (the reference shows the envelope,
 * not the status; 400 is what IMS sends for this OAuth error, RFC 6749 §5.2).
 */

/** One Developer Console credential and the access token IMS issues for it. */
export interface AdobeImsClientSeed {
  clientId: string;
  clientSecret: string;
  /** The token issued; the Adobe Analytics stand-in must accept it. */
  accessToken: string;
  /** Lifetime of issued tokens in seconds (Adobe: 86399). */
  expiresIn?: number;
}

/** The Adobe IMS stand-in server. */
export class AdobeImsStandin extends StandinServer {
  private readonly clients: AdobeImsClientSeed[];

  constructor(clients: AdobeImsClientSeed[]) {
    super(clients.map((c) => `${c.clientId}:${c.clientSecret}`));
    this.clients = clients;
  }

  private form(req: StandinRequest): URLSearchParams {
    return new URLSearchParams(typeof req.body === 'string' ? req.body : '');
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const form = this.form(req);
    return this.validCredentials.has(`${form.get('client_id')}:${form.get('client_secret')}`);
  }

  protected unauthorized(req: StandinRequest): StandinAnswer {
    const form = this.form(req);
    const known = this.clients.some((c) => c.clientId === form.get('client_id'));
    return {
      status: 400,
      body: {
        error: 'invalid_client',
        error_description: known ? 'invalid client_secret parameter' : 'invalid client_id parameter',
      },
    };
  }

  protected routes(): StandinRoute[] {
    return [
      {
        method: 'POST',
        path: '/ims/token/v3',
        handle: (req) => {
          const form = this.form(req);
          if (form.get('grant_type') !== 'client_credentials') {
            return {
              status: 400,
              body: { error: 'unsupported_grant_type', error_description: 'grant_type' },
            };
          }
          const client = this.clients.find((c) => c.clientId === form.get('client_id'))!;
          return {
            status: 200,
            body: {
              access_token: client.accessToken,
              token_type: 'bearer',
              expires_in: client.expiresIn ?? 86399,
            },
          };
        },
      },
    ];
  }
}
