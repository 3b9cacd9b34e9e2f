import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { DEFAULT_PROVIDER_TIMEOUT_MS, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Salesforce Marketing Cloud REST client (README.md beside this file): an access token by the
 * OAuth 2.0 client credentials grant of an installed package (`POST /v2/token` on the account's
 * auth host,
 * https://developer.salesforce.com/docs/marketing/marketing-cloud/guide/access-token-s2s.html),
 * then the Data Extension rows API on the token's REST host: upsert rows by the data extension's
 * external key and read the asynchronous request's status (salesforce-marketing-cloud-outbound,
 * issue 12 item 4), and read every row of a data extension page after page
 * (https://developer.salesforce.com/docs/marketing/marketing-cloud/references/mc_rest_data/getDataExtensionRowsetByKey.html;
 * salesforce-marketing-cloud-inbound, issue 12 item 5). The token is asked once and again when
 * the REST API refuses it. Errors `{ message, errorcode }`.
 */
export interface MarketingCloudClientOptions {
  /** The auth host: `https://<subdomain>.auth.marketingcloudapis.com` (or SFMC_AUTH_URL). */
  authUrl: string;
  /** The REST host from the token's `rest_instance_url`; config may replace it (SFMC_REST_URL). */
  restUrlFor: (instanceUrl: string) => string;
  clientId: string;
  /** Asked for when a token is needed; the secret is never kept by the caller. */
  getClientSecret: () => Promise<string>;
  /** The MID of the business unit, when the account names one. */
  accountId?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
  rest_instance_url: z.string().min(1),
});

const upsertSchema = z.looseObject({ requestId: z.string().min(1) });

const statusSchema = z.looseObject({
  requestId: z.string().optional(),
  status: z.looseObject({
    requestStatus: z.string(),
    hasErrors: z.boolean().optional(),
    resultStatus: z.string().optional(),
  }),
});

const resultsSchema = z.looseObject({
  items: z
    .array(z.looseObject({ message: z.string().optional(), status: z.string().optional() }))
    .default([]),
});

const cellText = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? '' : String(v)));
const rowsetSchema = z.looseObject({
  page: z.number().int(),
  pageSize: z.number().int(),
  count: z.number().int(),
  items: z.array(
    z.object({
      keys: z.record(z.string(), cellText).default({}),
      values: z.record(z.string(), cellText),
    }),
  ),
});

/** One data extension row: its primary key values and all its values, column name → text. */
export interface MarketingCloudRow {
  keys: Record<string, string>;
  values: Record<string, string>;
}

/** Marketing Cloud's largest rowset page. */
const ROWSET_PAGE_SIZE = 2500;
const MAX_PAGES = 1000;

/** The status of an asynchronous request: Pending, Complete or Error, and whether rows failed. */
export interface MarketingCloudRequestStatus {
  requestStatus: string;
  hasErrors: boolean;
}

const readError = (body: unknown) => ({
  message:
    stringAt(body, 'message') ??
    stringAt(body, 'error_description') ??
    stringAt(body, 'resultMessages', '0', 'message'),
  code: stringAt(body, 'errorcode') ?? stringAt(body, 'error'),
});

/** The Marketing Cloud client. Every method throws ProviderError on failure. */
export class MarketingCloudClient {
  private readonly options: MarketingCloudClientOptions;
  private readonly auth: ProviderHttp;
  private token: { accessToken: string; restUrl: string; expiresAt: number } | null = null;
  private rest: ProviderHttp | null = null;

  constructor(options: MarketingCloudClientOptions) {
    this.options = options;
    this.auth = new ProviderHttp({
      provider: 'marketing-cloud',
      baseUrl: options.authUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      authHeaders: async () => ({}),
      readError,
    });
  }

  /** A current token and the REST client on its instance; a refused grant is UNAUTHORIZED. */
  private async restClient(): Promise<ProviderHttp> {
    if (this.token && this.rest && this.token.expiresAt - 60_000 > Date.now()) return this.rest;
    let answer: z.infer<typeof tokenSchema>;
    try {
      answer = await this.auth.request({
        method: 'POST',
        path: '/v2/token',
        body: {
          grant_type: 'client_credentials',
          client_id: this.options.clientId,
          client_secret: await this.options.getClientSecret(),
          ...(this.options.accountId ? { account_id: this.options.accountId } : {}),
        },
        schema: tokenSchema,
      });
    } catch (error) {
      // The token endpoint answers a refused client id or secret with 401 invalid_client.
      if (
        error instanceof ProviderError &&
        error.code === 'HTTP' &&
        (error.status === 401 || error.status === 400)
      )
        throw new ProviderError({
          provider: 'marketing-cloud',
          code: 'UNAUTHORIZED',
          status: error.status,
          providerMessage: error.providerMessage,
          providerCode: error.providerCode,
          operation: error.operation,
          cause: error,
        });
      throw error;
    }
    const token = {
      accessToken: answer.access_token,
      restUrl: this.options.restUrlFor(answer.rest_instance_url),
      expiresAt: Date.now() + answer.expires_in * 1000,
    };
    this.token = token;
    this.rest = new ProviderHttp({
      provider: 'marketing-cloud',
      baseUrl: token.restUrl,
      fetch: this.options.fetch,
      timeoutMs: this.options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
      authHeaders: async () => ({ authorization: `Bearer ${this.token?.accessToken ?? ''}` }),
      onUnauthorized: async () => {
        // Ask for a new token; the retried call reads it through authHeaders.
        this.token = null;
        await this.restClient();
      },
      readError,
    });
    return this.rest;
  }

  /**
   * `PUT /data/v1/async/dataextensions/key:{key}/rows` with `{ items }` (one object of column
   * name → value per row): rows whose primary key exists are updated, others inserted. Answers the
   * request id to follow with {@link requestStatus}.
   */
  async upsertRows(dataExtensionKey: string, items: Record<string, string>[]): Promise<string> {
    const rest = await this.restClient();
    const answer = await rest.request({
      method: 'PUT',
      path: `/data/v1/async/dataextensions/key:${seg(dataExtensionKey)}/rows`,
      body: { items },
      schema: upsertSchema,
    });
    return answer.requestId;
  }

  /** `GET /data/v1/async/{requestId}/status`. */
  async requestStatus(requestId: string): Promise<MarketingCloudRequestStatus> {
    const rest = await this.restClient();
    const answer = await rest.get(`/data/v1/async/${seg(requestId)}/status`, statusSchema);
    return { requestStatus: answer.status.requestStatus, hasErrors: answer.status.hasErrors ?? false };
  }

  /** `GET /data/v1/async/{requestId}/results`: the messages of the rows that failed. */
  async requestErrors(requestId: string): Promise<string[]> {
    const rest = await this.restClient();
    const answer = await rest.get(`/data/v1/async/${seg(requestId)}/results`, resultsSchema);
    return answer.items
      .filter((i) => (i.status ?? '').toLowerCase() !== 'ok')
      .map((i) => i.message ?? 'row refused');
  }

  /**
   * Every row of the data extension with external key `key`
   * (`GET /data/v1/customobjectdata/key/{key}/rowset` with `$page` and `$pageSize`), page after page.
   */
  async rows(key: string): Promise<MarketingCloudRow[]> {
    const rest = await this.restClient();
    const all: MarketingCloudRow[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await rest.get(`/data/v1/customobjectdata/key/${seg(key)}/rowset`, rowsetSchema, {
        $page: page,
        $pageSize: ROWSET_PAGE_SIZE,
      });
      all.push(...answer.items);
      if (answer.items.length === 0 || answer.page * answer.pageSize >= answer.count) break;
    }
    return all;
  }
}
