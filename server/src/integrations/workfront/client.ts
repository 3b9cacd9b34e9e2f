import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, type Query, seg, stringAt } from '../provider-http';

/**
 * Workfront REST API client (README.md beside this file): the three commands of spec 03 §7
 * `POST /api/v1/integrations/workfront/command` — getTemplatesByName, getTemplateTasksByTemplate
 * and getTemplate (with its custom forms and their fields, "objectCategories with category
 * parameters"). `baseUrl` is the customer's API root, `https://<domain>/attask/api/<version>`
 * (see providerConfig); the token (OAuth 2 access token or session id) goes in the `sessionID`
 * header, as Workfront requires.
 */
export interface WorkfrontClientOptions extends ProviderClientOptions {
  /**
   * How `getAccessToken`'s value is sent: `sessionID` (default; an OAuth 2 access token or a
   * session id, in the `sessionID` header) or `apiKey` (a user's API key, in the `apiKey` request
   * parameter, as Workfront's authentication guide says).
   */
  credential?: 'sessionID' | 'apiKey';
}

const userSchema = z.object({
  ID: z.string().min(1),
  name: z.string(),
  emailAddr: z.string().optional(),
});

/** The Workfront user a credential belongs to. */
export type WorkfrontUser = z.output<typeof userSchema>;

const refSchema = z.object({ ID: z.string().min(1), name: z.string() });

/** A template or template task: ID and name. */
export type WorkfrontRef = z.output<typeof refSchema>;

const parameterSchema = z.object({
  ID: z.string().min(1),
  name: z.string(),
  displayType: z.string().optional(),
  dataType: z.string().optional(),
});

const templateSchema = z.object({
  ID: z.string().min(1),
  name: z.string(),
  objectCategories: z
    .array(
      z.object({
        categoryID: z.string().min(1),
        category: z.object({
          ID: z.string().min(1),
          name: z.string(),
          categoryParameters: z
            .array(z.object({ parameterID: z.string().min(1), parameter: parameterSchema }))
            .default([]),
        }),
      }),
    )
    .default([]),
});

/** A template with its custom forms (objectCategories) and their fields (category parameters). */
export type WorkfrontTemplate = z.output<typeof templateSchema>;

const projectSchema = z
  .object({
    ID: z.string().min(1),
    name: z.string(),
    status: z.string().optional(),
    lastUpdateDate: z.string().optional(),
  })
  .loose();

/** A project with its status, last change and the custom field values asked (`DE:<name>` keys). */
export type WorkfrontProject = z.output<typeof projectSchema>;

const taskSchema = z.object({
  ID: z.string().min(1),
  projectID: z.string().min(1),
  status: z.string().optional(),
});

const PAGE_SIZE = 500;
const MAX_PAGES = 1000;
/** Search filters a caller may add (field names with an optional modifier), never $$ or method keys. */
const FILTER_KEY = /^[A-Za-z][A-Za-z0-9:]*(_Mod)?$/;
const RESERVED_KEYS = new Set(['fields', 'method', 'sessionID', 'apiKey']);

/** The Workfront client. Every method throws ProviderError on failure. */
export class WorkfrontClient {
  private readonly http: ProviderHttp;

  constructor(options: WorkfrontClientOptions) {
    this.http = new ProviderHttp({
      provider: 'workfront',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async (): Promise<Record<string, string>> =>
        options.credential === 'apiKey' ? {} : { sessionID: await options.getAccessToken() },
      authQuery: async (): Promise<Record<string, string>> =>
        options.credential === 'apiKey' ? { apiKey: await options.getAccessToken() } : {},
      readError: (body) => ({
        message: stringAt(body, 'error', 'message'),
        code: stringAt(body, 'error', 'class'),
      }),
    });
  }

  /**
   * The user the credential belongs to ("who am I"): a user search on the `$$USER.ID` wildcard,
   * which Workfront resolves to the signed-in user. Throws ProviderError; MALFORMED when no user.
   */
  async whoAmI(): Promise<WorkfrontUser> {
    const answer = await this.http.get('/user/search', z.object({ data: z.array(userSchema).min(1) }), {
      ID: '$$USER.ID',
      fields: 'ID,name,emailAddr',
    });
    return answer.data[0]!;
  }

  /**
   * Templates whose name contains `name` (case-insensitive), all pages. `optionalParams` adds
   * search filters (e.g. `{ isActive: 'true' }`); a key that is not a field filter throws RangeError.
   */
  getTemplatesByName(name: string, optionalParams: Record<string, string | number | boolean> = {}) {
    for (const key of Object.keys(optionalParams)) {
      if (!FILTER_KEY.test(key) || RESERVED_KEYS.has(key)) {
        throw new RangeError(`optionalParams.${key} is not a Workfront search filter`);
      }
    }
    return this.search('/tmpl/search', { ...optionalParams, name, name_Mod: 'cicontains' });
  }

  /** The tasks of template `templateId`, all pages. */
  getTemplateTasksByTemplate(templateId: string): Promise<WorkfrontRef[]> {
    return this.search('/ttsk/search', { templateID: templateId });
  }

  /** Template `id` with its custom forms and their fields. */
  async getTemplate(id: string): Promise<WorkfrontTemplate> {
    const answer = await this.http.get(`/tmpl/${seg(id)}`, z.object({ data: templateSchema }), {
      fields: 'objectCategories:category:categoryParameters:parameter:*',
    });
    return answer.data;
  }

  /**
   * The projects with a task made from template task `templateTaskId` (a TASK search on
   * `templateTaskID`), each read once (`GET /proj/{ID}`) with its status, lastUpdateDate and the
   * custom fields `customFieldNames` (as `DE:<name>`), in the order their tasks were found.
   */
  async getProjectsByTemplateTask(templateTaskId: string, customFieldNames: readonly string[]) {
    const projectIds: string[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.http.get('/task/search', z.object({ data: z.array(taskSchema) }), {
        templateTaskID: templateTaskId,
        fields: 'projectID,status',
        $$FIRST: page * PAGE_SIZE,
        $$LIMIT: PAGE_SIZE,
      });
      for (const t of answer.data) if (!projectIds.includes(t.projectID)) projectIds.push(t.projectID);
      if (answer.data.length < PAGE_SIZE) break;
    }
    const fields = [
      'name',
      'status',
      'lastUpdateDate',
      'templateID',
      ...customFieldNames.map((n) => `DE:${n}`),
    ];
    const projects: WorkfrontProject[] = [];
    for (const id of projectIds) {
      const answer = await this.http.get(`/proj/${seg(id)}`, z.object({ data: projectSchema }), {
        fields: fields.join(','),
      });
      projects.push(answer.data);
    }
    return projects;
  }

  /** Runs an objCode search page by page ($$FIRST / $$LIMIT) until a short page. */
  private async search(path: string, filters: Query): Promise<WorkfrontRef[]> {
    const all: WorkfrontRef[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.http.get(path, z.object({ data: z.array(refSchema) }), {
        ...filters,
        fields: 'ID,name',
        $$FIRST: page * PAGE_SIZE,
        $$LIMIT: PAGE_SIZE,
      });
      all.push(...answer.data.map((r) => ({ ID: r.ID, name: r.name })));
      if (answer.data.length < PAGE_SIZE) break;
    }
    return all;
  }
}
