import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AemStandin } from '../../../../tests/standins/aem';
import { WorkfrontStandin } from '../../../../tests/standins/workfront';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

/**
 * The Workfront command and AEM folder look-ups of spec 03 §7 (`POST /api/v1/integrations/
 * workfront/command`, `POST /api/v1/integrations/aem/folders`) against the Workfront and AEM
 * stand-ins (tests/standins), reached through WORKFRONT_API_URL and AEM_API_URL.
 */

const workfront = new WorkfrontStandin({
  validTokens: ['wf-key-ok'],
  templates: [
    {
      ID: 'tmpl-1',
      name: 'Spring launch',
      tasks: [
        { ID: 'ttsk-1', name: 'Brief' },
        { ID: 'ttsk-2', name: 'Creative review' },
      ],
      categories: [
        {
          ID: 'ctgy-1',
          name: 'Campaign form',
          parameters: [
            { ID: 'param-1', name: 'Channel', displayType: 'DROPDOWN' },
            { ID: 'param-2', name: 'Budget', dataType: 'CURC' },
          ],
        },
      ],
    },
    { ID: 'tmpl-2', name: 'Autumn LAUNCH', tasks: [], categories: [] },
    { ID: 'tmpl-3', name: 'Retail refresh', tasks: [], categories: [] },
  ],
});
const aem = new AemStandin({
  validTokens: [],
  basicUsers: [{ username: 'author', password: 'author-pass-789' }],
  folders: [
    {
      name: 'campaigns',
      title: 'Campaigns',
      folders: [{ name: 'spring', title: 'Spring 2026' }, { name: 'autumn' }],
      assets: [{ name: 'logo.png' }],
    },
    { name: 'brand' },
  ],
  siteFolders: [{ path: '/content/acme', title: 'Acme sites', ordered: true }, { path: '/content/launches' }],
  pages: [
    { path: '/content/acme/en', title: 'English' },
    { path: '/content/acme/en/spring', title: 'Spring sale' },
    { path: '/content/acme/fr' },
  ],
});

let ctx: TestContext;
let account: TestAccount;
let admin: supertest.Agent;
let workfrontId: number;
let aemId: number;

async function saveConnector(agent: supertest.Agent, body: object) {
  const res = await agent.post('/api/v1/account/connector/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
}

const command = (agent: supertest.Agent, body: object) =>
  agent.post('/api/v1/integrations/workfront/command').send(body);
const folders = (agent: supertest.Agent, body: object) =>
  agent.post('/api/v1/integrations/aem/folders').send(body);

beforeAll(async () => {
  await Promise.all([workfront.start(), aem.start()]);
  ctx = await createTestContext({ WORKFRONT_API_URL: workfront.apiUrl, AEM_API_URL: aem.url });
  account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
  workfrontId = await saveConnector(admin, {
    name: 'Acme Workfront',
    connector_type_slug: 'workfront',
    metadata: { api_domain: 'acme.my.workfront.com', api_key: 'wf-key-ok' },
  });
  aemId = await saveConnector(admin, {
    name: 'Acme AEM',
    connector_type_slug: 'aem',
    metadata: {
      host_type: 'self',
      url: 'https://author.acme.test',
      username: 'author',
      password: 'author-pass-789',
    },
  });
});

afterAll(async () => {
  await ctx?.close();
  await Promise.all([workfront.close(), aem.close()]);
});

describe('POST /api/v1/integrations/workfront/command', () => {
  it('finds templates by name, lists a template’s tasks and reads a template with its custom forms', async () => {
    const byName = await command(admin, {
      command: 'getTemplatesByName',
      connector_id: workfrontId,
      data: { name: 'launch' },
    });
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);
    expect(byName.body.data).toEqual([
      { ID: 'tmpl-1', name: 'Spring launch' },
      { ID: 'tmpl-2', name: 'Autumn LAUNCH' },
    ]);

    const tasks = await command(admin, {
      command: 'getTemplateTasksByTemplate',
      connector_id: workfrontId,
      data: { templateId: 'tmpl-1' },
    });
    expect(tasks.status).toBe(200);
    expect(tasks.body.data).toEqual([
      { ID: 'ttsk-1', name: 'Brief' },
      { ID: 'ttsk-2', name: 'Creative review' },
    ]);

    const template = await command(admin, {
      command: 'getTemplate',
      connector_id: workfrontId,
      data: { id: 'tmpl-1' },
    });
    expect(template.status).toBe(200);
    expect(template.body.data).toMatchObject({
      ID: 'tmpl-1',
      name: 'Spring launch',
      objectCategories: [
        {
          categoryID: 'ctgy-1',
          category: {
            name: 'Campaign form',
            categoryParameters: [
              { parameterID: 'param-1', parameter: { name: 'Channel', displayType: 'DROPDOWN' } },
              { parameterID: 'param-2', parameter: { name: 'Budget', dataType: 'CURC' } },
            ],
          },
        },
      ],
    });
    expect(JSON.stringify(workfront.requests)).not.toContain('wf-key-ok');
  });

  it("answers Workfront's words for an unknown template and refuses bad input naming the field", async () => {
    const unknown = await command(admin, {
      command: 'getTemplate',
      connector_id: workfrontId,
      data: { id: 'no-such' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('TMPL with ID no-such was not found');

    const before = workfront.requests.length;
    const cases: [object, string][] = [
      [{ command: 'deleteEverything', connector_id: workfrontId, data: {} }, 'body.command'],
      [{ command: 'getTemplate', connector_id: workfrontId, data: { id: ' ' } }, 'body.data.id'],
      [{ command: 'getTemplate', connector_id: 'one', data: { id: 'tmpl-1' } }, 'body.connector_id'],
      [
        {
          command: 'getTemplatesByName',
          connector_id: workfrontId,
          data: { name: 'x', optionalParams: { $$LIMIT: 5 } },
        },
        'body.data.optionalParams',
      ],
      [{ command: 'getTemplatesByName', connector_id: aemId, data: { name: 'x' } }, 'body.connector_id'],
    ];
    for (const [body, field] of cases) {
      const res = await command(admin, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path).join(' ')).toContain(field);
    }
    // None of the refused requests reached Workfront.
    expect(workfront.requests.length).toBe(before);
  });
});

describe('POST /api/v1/integrations/aem/folders', () => {
  it('lists the folders at the DAM root and under a path, assets left out', async () => {
    const root = await folders(admin, { connectorId: aemId, path: '' });
    expect(root.status, JSON.stringify(root.body)).toBe(200);
    expect(root.body.data).toEqual([
      { name: 'campaigns', title: 'Campaigns', path: '/content/dam/campaigns' },
      { name: 'brand', title: null, path: '/content/dam/brand' },
    ]);
    const nested = await folders(admin, { connectorId: aemId, path: '/content/dam/campaigns' });
    expect(nested.body.data).toEqual([
      { name: 'spring', title: 'Spring 2026', path: '/content/dam/campaigns/spring' },
      { name: 'autumn', title: null, path: '/content/dam/campaigns/autumn' },
    ]);
  });

  it('refuses a path climbing out of the DAM and an account of another type, naming the field', async () => {
    const climbing = await folders(admin, { connectorId: aemId, path: 'campaigns/../../etc' });
    expect(climbing.status).toBe(400);
    expect(climbing.body.issues).toEqual([
      { path: 'body.path', message: 'May not contain . or .. segments' },
    ]);
    const wrongType = await folders(admin, { connectorId: workfrontId, path: '' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues).toEqual([
      {
        path: 'body.connectorId',
        message: '"Acme Workfront" is not an Adobe Experience Manager account (it is Workfront)',
      },
    ]);
  });
});

describe('POST /api/v1/integrations/aem/folders for pages (AEM Sites)', () => {
  it('lists the pages and folders under /content for dataType pages, the DAM left out', async () => {
    for (const path of ['', '/', '/content']) {
      const root = await folders(admin, { connectorId: aemId, path, dataType: 'pages' });
      expect(root.status, JSON.stringify(root.body)).toBe(200);
      expect(root.body.data).toEqual([
        { name: 'acme', title: 'Acme sites', path: '/content/acme' },
        { name: 'launches', title: null, path: '/content/launches' },
      ]);
    }
    const site = await folders(admin, { connectorId: aemId, path: '/content/acme', dataType: 'pages' });
    expect(site.body.data).toEqual([
      { name: 'en', title: 'English', path: '/content/acme/en' },
      { name: 'fr', title: null, path: '/content/acme/fr' },
    ]);
    const call = aem.requestsTo('/bin/querybuilder.json').at(-1)!;
    expect(call.query).toMatchObject({
      path: '/content/acme',
      'path.flat': 'true',
      property: 'jcr:primaryType',
    });
  });

  it('keeps answering DAM folders without a data type or with file_assets', async () => {
    const dam = [
      { name: 'campaigns', title: 'Campaigns', path: '/content/dam/campaigns' },
      { name: 'brand', title: null, path: '/content/dam/brand' },
    ];
    expect((await folders(admin, { connectorId: aemId, path: '/' })).body.data).toEqual(dam);
    expect(
      (await folders(admin, { connectorId: aemId, path: '', dataType: 'file_assets' })).body.data,
    ).toEqual(dam);
  });

  it('refuses an unknown data type and a climbing pages path, naming the field, before calling AEM', async () => {
    const before = aem.requests.length;
    const badType = await folders(admin, { connectorId: aemId, path: '/content', dataType: 'sites' });
    expect(badType.status).toBe(400);
    expect(badType.body.issues).toEqual([{ path: 'body.dataType', message: 'Must be file_assets or pages' }]);
    const notText = await folders(admin, { connectorId: aemId, path: '/content', dataType: 7 });
    expect(notText.status).toBe(400);
    expect(notText.body.issues.map((i: { path: string }) => i.path)).toEqual(['body.dataType']);
    const climbing = await folders(admin, { connectorId: aemId, path: '/content/../etc', dataType: 'pages' });
    expect(climbing.status).toBe(400);
    expect(climbing.body.issues).toEqual([
      { path: 'body.path', message: 'May not contain . or .. segments' },
    ]);
    expect(aem.requests.length).toBe(before);
  });
});

describe('tenancy and rights', () => {
  it("answers 404 for another account's connected account and 403 without manage_templates", async () => {
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await folders(stranger, { connectorId: aemId, path: '' })).status).toBe(404);
    expect(
      (await folders(stranger, { connectorId: aemId, path: '/content', dataType: 'pages' })).status,
    ).toBe(404);
    expect(
      (await command(stranger, { command: 'getTemplate', connector_id: workfrontId, data: { id: 'tmpl-1' } }))
        .status,
    ).toBe(404);

    const user = await createUser(ctx, account.id, { role: 'USER' });
    const templater = await createUser(ctx, account.id, {
      role: 'MANAGER',
      permissions: ['manage_templates'],
    });
    const asUser = await signIn(ctx, user.email);
    const asTemplater = await signIn(ctx, templater.email);
    expect((await folders(asUser, { connectorId: aemId, path: '' })).status).toBe(403);
    expect(
      (await command(asUser, { command: 'getTemplate', connector_id: workfrontId, data: { id: 'tmpl-1' } }))
        .status,
    ).toBe(403);
    expect((await folders(asTemplater, { connectorId: aemId, path: '' })).status).toBe(200);
    expect((await folders(asUser, { connectorId: aemId, path: '/content', dataType: 'pages' })).status).toBe(
      403,
    );
    const pages = await folders(asTemplater, { connectorId: aemId, path: '/content', dataType: 'pages' });
    expect(pages.status).toBe(200);
    expect(pages.body.data.map((f: { path: string }) => f.path)).toEqual([
      '/content/acme',
      '/content/launches',
    ]);
  });
});
