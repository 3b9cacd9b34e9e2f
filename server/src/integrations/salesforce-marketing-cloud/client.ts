import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Salesforce Marketing Cloud client (issue 12 item 5, salesforce-marketing-cloud-inbound). Signs
 * in by the client credentials grant of an installed package's API integration
 * (https://developer.salesforce.com/docs/marketing/marketing-cloud/guide/access-token-s2s.html:
 * `POST <auth>/v2/token` with `grant_type`, `client_id`, `client_secret`, `account_id`, answering
 * `access_token` and `expires_in`; 401 `{ error: "invalid_client", error_description }`) and reads
 * the rows of a data extension by external key
 * (https://developer.salesforce.com/docs/marketing/marketing-cloud/references/mc_rest_data/getDataExtensionRowsetByKey.html:
 * `GET <rest>/data/v1/customobjectdata/key/{key}/rowset?$page=&$pageSize=` answering
 * `{ page, pageSize, count, items: [{ keys, values }], links: { next? } }`). Errors
 * `{ message, errorcode }`.
 */
export interface SfmcClientOptions {
  /** `https://<subdomain>.auth.marketingcloudapis.com` (or SFMC_AUTH_URL). */
  authUrl: string;
  /** `https://<subdomain>.rest.marketingcloudapis.com` (or SFMC_REST_URL). */
  restUrl: string;
  clientId: string;
  clientSecret: string;
  /** The business unit's MID, when the package spans several. */
  accountId?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** One data extension row: its primary key values and all its values, column name → text. */
export interface SfmcRow {
  keys: Record<string, string>;
  values: Record<string, string>;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number() });
const text = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? '' : String(v)));
const rowsetSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  count: z.number().int(),
  items: z.array(
    z.object({ keys: z.record(z.string(), text).default({}), values: z.record(z.string(), text) }),
  ),
});

const PAGE_SIZE = 2500;
const MAX_PAGES = 1000;

/** The Marketing Cloud client. Every method throws ProviderError on failure. */
export class SfmcClient {
  private readonly auth: ProviderHttp;
  private readonly rest: ProviderHttp;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly options: SfmcClientOptions) {
    const readError = (body: unknown) => ({
      message: stringAt(body, 'error_description') ?? stringAt(body, 'message') ?? stringAt(body, 'error'),
      code: stringAt(body, 'error') ?? stringAt(body, 'errorcode'),
    });
    this.auth = new ProviderHttp({
      provider: 'salesforce-marketing-cloud',
      baseUrl: options.authUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      authHeaders: async () => ({}),
      readError,
    });
    this.rest = new ProviderHttp({
      provider: 'salesforce-marketing-cloud',
      baseUrl: options.restUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      authHeaders: async () => ({ authorization: `Bearer ${await this.accessToken()}` }),
      onUnauthorized: async () => {
        this.token = null;
      },
      readError,
    });
  }

  /** Every row of the data extension with external key `key`, page after page. */
  async rows(key: string): Promise<SfmcRow[]> {
    const all: SfmcRow[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await this.rest.get(`/data/v1/customobjectdata/key/${seg(key)}/rowset`, rowsetSchema, {
        $page: page,
        $pageSize: PAGE_SIZE,
      });
      all.push(...answer.items);
      if (answer.items.length === 0 || answer.page * answer.pageSize >= answer.count) break;
    }
    return all;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - 60_000 > Date.now()) return this.token.value;
    const { clientId, clientSecret, accountId } = this.options;
    try {
      const answer = await this.auth.request({
        method: 'POST',
        path: '/v2/token',
        body: {
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
          ...(accountId ? { account_id: accountId } : {}),
        },
        schema: tokenSchema,
      });
      this.token = { value: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000 };
      return answer.access_token;
    } catch (error) {
      // A refused client id or secret is a refused credential, whatever status the grant answered.
      if (
        error instanceof ProviderError &&
        error.status !== null &&
        error.status >= 400 &&
        error.status < 500
      )
        throw new ProviderError({
          provider: 'salesforce-marketing-cloud',
          code: 'UNAUTHORIZED',
          status: error.status,
          providerMessage: error.providerMessage,
          providerCode: error.providerCode,
          operation: error.operation,
        });
      throw error;
    }
  }
}
