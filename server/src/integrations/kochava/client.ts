import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Kochava Links API client (README.md beside this file): the app groups (SmartLinks groups) of
 * the account. Serves spec 03 §7 `GET /api/v1/integrations/kochava/{connectorId}/app-groups`
 * (`data` with id and name). Kochava authenticates with an API key in the `Authentication-Key`
 * header; `getAccessToken` answers that key.
 */
export type KochavaClientOptions = ProviderClientOptions;

const appGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_id: z.number().int().optional(),
  is_active: z.boolean().optional(),
  apps: z
    .array(z.object({ app_id: z.number().int(), name: z.string(), platform: z.string().optional() }))
    .default([]),
});

/** An app group with its apps. */
export type KochavaAppGroup = z.output<typeof appGroupSchema>;

/** Kochava's error answers: `{ status, error }` (or `message`). */
function readKochavaError(body: unknown) {
  return { message: stringAt(body, 'error') ?? stringAt(body, 'message') };
}

/** The Kochava client. Every method throws ProviderError on failure. */
export class KochavaClient {
  private readonly http: ProviderHttp;

  constructor(options: KochavaClientOptions) {
    this.http = new ProviderHttp({
      provider: 'kochava',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ 'authentication-key': await options.getAccessToken() }),
      readError: readKochavaError,
    });
  }

  /** The active app groups of the account, for the app-groups route: `{ id, name }` each. */
  async listAppGroups(): Promise<{ id: number; name: string }[]> {
    const answer = await this.http.get('/groups', z.object({ data: z.array(appGroupSchema) }));
    return answer.data.filter((g) => g.is_active !== false).map((g) => ({ id: g.id, name: g.name }));
  }

  /** One app group with its apps. */
  async getAppGroup(id: number): Promise<KochavaAppGroup> {
    const answer = await this.http.get(`/groups/${seg(id)}`, z.object({ data: appGroupSchema }));
    return answer.data;
  }
}
