import {
  intParam,
  pageOf,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Workfront REST API stand-in (tests/standins/README.md). Follows
 * https://experienceleague.adobe.com/en/docs/workfront/using/adobe-workfront-api/api-general-information/api-basics
 * (object URIs `/attask/api/<version>/<objCode>/<ID>`, `<objCode>/search` with field filters and
 * `_Mod` modifiers, `fields` with `:` for nested references, `$$FIRST` / `$$LIMIT` paging with a
 * default of 100 and a maximum of 2000, answers in `{ data }` or `{ error: { class, message } }`)
 * and the OAuth 2 notes (the access token goes in the `sessionID` header); a user's API key is
 * accepted in the `apiKey` request parameter, as the authentication guide
 * (https://experienceleague.adobe.com/en/docs/workfront/using/adobe-workfront-api/api-general-information/api-basics#authentication)
 * says. `user/search?ID=$$USER.ID` answers the signed-in user (the `$$USER` wildcard). Objects: TMPL
 * (template), TTSK (template task), OBJCAT / CTGY / CTGYPA / PARAM (custom forms and fields).
 */

/** A custom field (PARAM) on a custom form. */
export interface WorkfrontParameterSeed {
  ID: string;
  name: string;
  displayType?: string;
  dataType?: string;
}

/** A custom form (CTGY) with its fields in order. */
export interface WorkfrontCategorySeed {
  ID: string;
  name: string;
  parameters: WorkfrontParameterSeed[];
}

/** A project template with its tasks and attached custom forms. */
export interface WorkfrontTemplateSeed {
  ID: string;
  name: string;
  tasks: { ID: string; name: string }[];
  categories: WorkfrontCategorySeed[];
}

/**
 * A project (PROJ) made from a template: its custom field values by field name (answered as
 * `DE:<name>` when asked in `fields`) and its tasks (TASK) with the template task they came from.
 */
export interface WorkfrontProjectSeed {
  ID: string;
  name: string;
  status: string;
  templateID: string;
  lastUpdateDate: string;
  customFields?: Record<string, string>;
  tasks: { ID: string; name: string; status: string; templateTaskID: string }[];
}

/** Seed data of the Workfront stand-in. */
export interface WorkfrontSeed {
  /** Accepted session ids / OAuth access tokens. */
  validTokens: string[];
  /** API version served (default v15.0). */
  version?: string;
  templates: WorkfrontTemplateSeed[];
  /** Projects (for `task/search` and `proj/{ID}`). */
  projects?: WorkfrontProjectSeed[];
  /** The user every accepted credential signs in as (for `$$USER.ID`). */
  user?: { ID: string; name: string; emailAddr: string };
}

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 2000;

/** The Workfront stand-in server. */
export class WorkfrontStandin extends StandinServer {
  private readonly seed: WorkfrontSeed;
  private readonly version: string;

  constructor(seed: WorkfrontSeed) {
    super(seed.validTokens);
    this.seed = seed;
    this.version = seed.version ?? 'v15.0';
  }

  /** The API root, as the Workfront client's baseUrl. */
  get apiUrl(): string {
    return `${this.url}/attask/api/${this.version}`;
  }

  protected override readonly credentialParams = ['apiKey'];

  protected isAuthorized(req: StandinRequest): boolean {
    const credential = req.headers.sessionid ?? req.query.get('apiKey') ?? undefined;
    return credential !== undefined && this.validCredentials.has(credential);
  }

  protected unauthorized(): StandinAnswer {
    return workfrontError(
      401,
      'com.attask.common.AuthenticationException',
      'You are not currently logged in',
    );
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return workfrontError(404, 'java.lang.IllegalArgumentException', `No such resource: ${req.path}`);
  }

  protected routes(): StandinRoute[] {
    const root = `/attask/api/${this.version}`;
    return [
      { method: 'GET', path: `${root}/user/search`, handle: (req) => this.searchUsers(req) },
      { method: 'GET', path: `${root}/tmpl/search`, handle: (req) => this.searchTemplates(req) },
      { method: 'GET', path: `${root}/ttsk/search`, handle: (req) => this.searchTasks(req) },
      { method: 'GET', path: `${root}/tmpl/:id`, handle: (req, p) => this.getTemplate(req, p.id!) },
      { method: 'GET', path: `${root}/task/search`, handle: (req) => this.searchProjectTasks(req) },
      { method: 'GET', path: `${root}/proj/:id`, handle: (req, p) => this.getProject(req, p.id!) },
    ];
  }

  private page<T>(req: StandinRequest, items: readonly T[]): T[] | StandinAnswer {
    const first = intParam(req.query, '$$FIRST', 0);
    const limit = intParam(req.query, '$$LIMIT', DEFAULT_LIMIT);
    if (Number.isNaN(first) || Number.isNaN(limit)) {
      return workfrontError(422, 'com.attask.common.InvalidParameterException', 'Invalid $$FIRST or $$LIMIT');
    }
    if (limit > MAX_LIMIT) {
      return workfrontError(
        422,
        'com.attask.common.InvalidParameterException',
        `$$LIMIT may not be greater than ${MAX_LIMIT}`,
      );
    }
    return pageOf(items, first, limit);
  }

  private searchUsers(req: StandinRequest): StandinAnswer {
    const id = req.query.get('ID');
    const users = this.seed.user ? [this.seed.user] : [];
    const matches = users.filter((u) => id === null || id === '$$USER.ID' || u.ID === id);
    return { status: 200, body: { data: matches.map((u) => ({ ...u, objCode: 'USER' })) } };
  }

  private searchTemplates(req: StandinRequest): StandinAnswer {
    const name = req.query.get('name');
    const mod = req.query.get('name_Mod') ?? 'eq';
    const matches = this.seed.templates.filter((t) => {
      if (name === null) return true;
      if (mod === 'cicontains') return t.name.toLowerCase().includes(name.toLowerCase());
      if (mod === 'contains') return t.name.includes(name);
      return t.name === name;
    });
    const page = this.page(req, matches);
    if (!Array.isArray(page)) return page;
    return { status: 200, body: { data: page.map((t) => ({ ID: t.ID, name: t.name, objCode: 'TMPL' })) } };
  }

  private searchTasks(req: StandinRequest): StandinAnswer {
    const templateID = req.query.get('templateID');
    const tasks = this.seed.templates
      .filter((t) => templateID === null || t.ID === templateID)
      .flatMap((t) => t.tasks.map((task) => ({ ...task, templateID: t.ID })));
    const page = this.page(req, tasks);
    if (!Array.isArray(page)) return page;
    return {
      status: 200,
      body: {
        data: page.map((t) => ({ ID: t.ID, name: t.name, objCode: 'TTSK', templateID: t.templateID })),
      },
    };
  }

  /** TASK search on `templateTaskID` (and `projectID`, `status`), answering the asked fields. */
  private searchProjectTasks(req: StandinRequest): StandinAnswer {
    const filters = ['templateTaskID', 'projectID', 'status'] as const;
    const tasks = (this.seed.projects ?? [])
      .flatMap((p) => p.tasks.map((t) => ({ ...t, projectID: p.ID, objCode: 'TASK' })))
      .filter((t) => filters.every((f) => req.query.get(f) === null || t[f] === req.query.get(f)));
    const page = this.page(req, tasks);
    if (!Array.isArray(page)) return page;
    const fields = [
      'ID',
      'name',
      'objCode',
      ...(req.query.get('fields') ?? '').split(',').map((f) => f.trim()),
    ];
    return {
      status: 200,
      body: {
        data: page.map((t) => Object.fromEntries(Object.entries(t).filter(([k]) => fields.includes(k)))),
      },
    };
  }

  /** One project with the asked fields; `DE:<name>` answers a custom field's value. */
  private getProject(req: StandinRequest, id: string): StandinAnswer {
    const project = (this.seed.projects ?? []).find((p) => p.ID === id);
    if (!project)
      return workfrontError(404, 'com.attask.common.NotFoundException', `PROJ with ID ${id} was not found`);
    const fields = (req.query.get('fields') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const data: Record<string, unknown> = { ID: project.ID, name: project.name, objCode: 'PROJ' };
    for (const f of fields) {
      if (f.startsWith('DE:')) {
        const value = project.customFields?.[f.slice(3)];
        if (value !== undefined) data[f] = value;
      } else if (f in project && f !== 'tasks' && f !== 'customFields')
        data[f] = project[f as keyof WorkfrontProjectSeed];
    }
    return { status: 200, body: { data } };
  }

  private getTemplate(req: StandinRequest, id: string): StandinAnswer {
    const template = this.seed.templates.find((t) => t.ID === id);
    if (!template) {
      return workfrontError(404, 'com.attask.common.NotFoundException', `TMPL with ID ${id} was not found`);
    }
    const fields = (req.query.get('fields') ?? '').split(',').map((f) => f.trim());
    const withCategories = fields.some((f) => f.startsWith('objectCategories'));
    return {
      status: 200,
      body: {
        data: {
          ID: template.ID,
          name: template.name,
          objCode: 'TMPL',
          ...(withCategories
            ? {
                objectCategories: template.categories.map((c, i) => ({
                  ID: `objcat-${template.ID}-${c.ID}`,
                  objCode: 'OBJCAT',
                  categoryID: c.ID,
                  categoryOrder: i,
                  category: {
                    ID: c.ID,
                    name: c.name,
                    objCode: 'CTGY',
                    categoryParameters: c.parameters.map((p, order) => ({
                      objCode: 'CTGYPA',
                      categoryID: c.ID,
                      parameterID: p.ID,
                      displayOrder: order,
                      parameter: {
                        ID: p.ID,
                        name: p.name,
                        objCode: 'PARAM',
                        displayType: p.displayType ?? 'TEXT',
                        dataType: p.dataType ?? 'TEXT',
                      },
                    })),
                  },
                })),
              }
            : {}),
        },
      },
    };
  }
}

function workfrontError(status: number, errorClass: string, message: string): StandinAnswer {
  return { status, body: { error: { class: errorClass, message } } };
}
