import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AemStandin } from '../../../../tests/standins/aem';
import { WorkfrontStandin } from '../../../../tests/standins/workfront';
import {
  draftRows,
  outbound,
  syncAndWait,
  templateWithIntegration,
} from '../../test/integration-runs-fixtures';
import { type JobsContext, startJobsContext } from '../../test/jobs-context';
import type { SignedIn } from '../../test/test-context';

/**
 * Content and work-management inbounds really run (issue 12 item 5): adobe-experience-manager-inbound
 * against the AEM Assets stand-in (folder, format and tag filters) and
 * workfront-project-pull-task-trigger against the Workfront stand-in (projects of the chosen
 * template task with their mapped custom fields). Each sync makes a Draft submission to fix; a
 * second sync with nothing changed imports nothing; refused credentials fail the run at once.
 */

let admin: SignedIn;
let running: JobsContext;

const aem = new AemStandin({
  validTokens: [],
  basicUsers: [{ username: 'author', password: 'author-pass' }],
  folders: [
    {
      name: 'campaigns',
      folders: [
        {
          name: 'spring',
          assets: [
            {
              name: 'hero.jpg',
              title: 'Spring hero',
              format: 'image/jpeg',
              tags: ['brand:acme'],
              lastModified: '2026-03-01T10:00:00.000Z',
            },
            {
              name: 'brief.pdf',
              title: 'Spring brief',
              format: 'application/pdf',
              tags: ['brand:acme'],
              lastModified: '2026-03-02T10:00:00.000Z',
            },
            {
              name: 'other.png',
              title: 'Other brand',
              format: 'image/png',
              tags: ['brand:other'],
              lastModified: '2026-03-03T10:00:00.000Z',
            },
          ],
          folders: [
            {
              name: 'social',
              assets: [
                {
                  name: 'story.png',
                  title: 'Spring story',
                  format: 'image/png',
                  tags: ['brand:acme'],
                  lastModified: '2026-03-04T10:00:00.000Z',
                },
              ],
            },
          ],
        },
      ],
      assets: [{ name: 'outside.jpg', title: 'Outside', format: 'image/jpeg', tags: ['brand:acme'] }],
    },
  ],
  pages: [
    { path: '/content/acme/en', title: 'Acme home', tags: ['acme:brand/main'], lastModified: '2026-03-01' },
    {
      path: '/content/acme/en/spring',
      title: 'Spring sale',
      template: '/conf/acme/settings/wcm/templates/landing',
      tags: ['acme:season/spring', 'acme:topic/sale'],
      lastModified: '2026-03-02',
    },
    { path: '/content/acme/en/about', title: 'About us', lastModified: '2026-03-03' },
    { path: '/content/acme/fr/printemps', title: 'Printemps', tags: ['acme:season/spring'] },
    { path: '/content/acme/en-gb', title: 'Acme UK', tags: ['acme:season/spring'] },
  ],
});

const project = {
  ID: 'proj-1',
  name: 'Spring launch',
  status: 'CUR',
  templateID: 'tmpl-1',
  lastUpdateDate: '2026-03-01T10:00:00:000-0700',
  customFields: { 'Campaign name': 'Spring Sale', 'Channel code': 'social' },
  tasks: [{ ID: 'task-1', name: 'Request codes', status: 'NEW', templateTaskID: 'ttsk-1' }],
};

const workfront = new WorkfrontStandin({
  validTokens: ['wf-key-ok'],
  templates: [
    {
      ID: 'tmpl-1',
      name: 'Campaign launch',
      tasks: [{ ID: 'ttsk-1', name: 'Request codes' }],
      categories: [],
    },
  ],
  projects: [
    project,
    {
      ID: 'proj-2',
      name: 'Unrelated',
      status: 'CUR',
      templateID: 'tmpl-2',
      lastUpdateDate: '2026-03-01T10:00:00:000-0700',
      customFields: { 'Campaign name': 'Nope' },
      tasks: [{ ID: 'task-2', name: 'Other', status: 'NEW', templateTaskID: 'ttsk-9' }],
    },
  ],
});

beforeAll(async () => {
  running = await startJobsContext({
    peers: [aem, workfront],
    env: () => ({
      AEM_API_URL: aem.url,
      WORKFRONT_API_URL: workfront.apiUrl,
    }),
    retryLimit: 1,
  });
  admin = running.admin;
});

afterAll(() => running?.close());

async function connector(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/v1/account/connector/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

function aemAccount(password = 'author-pass') {
  return connector({
    name: `AEM ${Math.random().toString(36).slice(2, 6)}`,
    connector_type_slug: 'aem',
    metadata: { host_type: 'self', url: 'https://author.acme.test', username: 'author', password },
  });
}

function workfrontAccount(apiKey = 'wf-key-ok') {
  return connector({
    name: `Workfront ${Math.random().toString(36).slice(2, 6)}`,
    connector_type_slug: 'workfront',
    metadata: { api_domain: 'acme.my.workfront.com', api_key: apiKey },
  });
}

/** A template with one integration; mapping_fields (fieldName → Campaign / Channel) when given. */
function templateWith(slug: string, extra: Record<string, unknown>, map?: [string, string]) {
  return templateWithIntegration(admin, (fieldIds) =>
    outbound(slug, {
      name: `${slug} pull`,
      ...(map
        ? {
            mapping_fields: [
              { fieldName: map[0], label: map[0], cvFieldId: fieldIds.campaign, required: false },
              { fieldName: map[1], label: map[1], cvFieldId: fieldIds.channel, required: false },
            ],
          }
        : {}),
      ...extra,
    }),
  );
}

describe('adobe-experience-manager-inbound (AEM stand-in)', () => {
  it('reads the assets of the folder and its subfolders with the format and tag filters, once', async () => {
    const id = await aemAccount();
    const template = await templateWith(
      'adobe-experience-manager-inbound',
      {
        connector_id: id,
        metadata: {
          aem_data_type: 'file_assets',
          folderFilter: '/campaigns/spring',
          fileFormatFilter: 'jpg, png',
          tagsFilter: 'brand:acme',
        },
      },
      ['title', 'path'],
    );
    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(
      /^Imported assets of \/content\/dam\/campaigns\/spring: 2 rows to fix and submit in draft submission #\d+$/,
    );
    // The PDF, the other brand's image and the asset outside the folder are left out.
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['Spring hero', '/content/dam/campaigns/spring/hero.jpg'],
      ['Spring story', '/content/dam/campaigns/spring/social/story.png'],
    ]);
    const again = await syncAndWait(admin, assignmentId);
    expect(again).toMatchObject({
      status: 'Success',
      submission_id: null,
      message: 'Nothing new to import from assets of /content/dam/campaigns/spring',
    });
  });

  it('refused credentials fail the run at once, saying to reconnect the account', async () => {
    const id = await aemAccount('wrong');
    const template = await templateWith('adobe-experience-manager-inbound', {
      connector_id: id,
      metadata: { aem_data_type: 'file_assets', folderFilter: '/content/dam/campaigns' },
    });
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).toMatch(
      /^Adobe Experience Manager refused the connected account's credentials reading the assets of \/content\/dam\/campaigns: reconnect the account/,
    );
    expect(run.message).not.toContain('wrong');
  });
});

describe('adobe-experience-manager-inbound pages (AEM QueryBuilder stand-in)', () => {
  async function pagesRun(metadata: Record<string, unknown>) {
    const template = await templateWith(
      'adobe-experience-manager-inbound',
      { connector_id: await aemAccount(), metadata: { aem_data_type: 'pages', ...metadata } },
      ['title', 'path'],
    );
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status, run.message).toBe('Success');
    return { template, run };
  }

  it('reads the pages at and under the chosen /content path into a submission to fix', async () => {
    const { template, run } = await pagesRun({ folderFilter: '/content/acme/en' });
    expect(run.message).toMatch(
      /^Imported pages of \/content\/acme\/en: 3 rows to fix and submit in draft submission #\d+$/,
    );
    // Pages of other languages and of the sibling /content/acme/en-gb are left out.
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['Acme home', '/content/acme/en'],
      ['About us', '/content/acme/en/about'],
      ['Spring sale', '/content/acme/en/spring'],
    ]);
  });

  it('the tag filter keeps the pages carrying one of its tags', async () => {
    const { template, run } = await pagesRun({
      folderFilter: '/acme',
      tagsFilter: 'acme:topic/sale, acme:brand/main',
    });
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['Acme home', '/content/acme/en'],
      ['Spring sale', '/content/acme/en/spring'],
    ]);
    const query = aem.requestsTo('/bin/querybuilder.json').at(-1)!.query;
    expect(query).toMatchObject({ path: '/content/acme', type: 'cq:Page', 'group.p.or': 'true' });
  });

  it('a folder filter with .. fails the run at once, naming the filter', async () => {
    const template = await templateWith('adobe-experience-manager-inbound', {
      connector_id: await aemAccount(),
      metadata: { aem_data_type: 'pages', folderFilter: '/content/../etc' },
    });
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run).toMatchObject({ status: 'Failed', submission_id: null });
    expect(run.message).toMatch(/^The AEM folder filter is not valid/);
  });
});

describe('workfront-project-pull-task-trigger (Workfront stand-in)', () => {
  it('reads the projects of the chosen template task with their mapped fields, then only changed ones', async () => {
    const id = await workfrontAccount();
    const template = await templateWith('workfront-project-pull-task-trigger', {
      connector_id: id,
      metadata: {
        workfrontTemplateId: 'tmpl-1',
        workfrontTemplateTaskId: 'ttsk-1',
        campaignDataMappedFields: [
          {
            workfrontParameterId: 'p1',
            workfrontParameterName: 'Campaign name',
            nomenTemplateFieldId: 1,
            nomenTemplateFieldName: 'Campaign',
          },
          {
            workfrontParameterId: 'p2',
            workfrontParameterName: 'Channel code',
            nomenTemplateFieldId: 2,
            nomenTemplateFieldName: 'Channel',
          },
        ],
      },
    });
    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(/^Imported projects of template task ttsk-1: 1 row to fix/);
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([['Spring Sale', 'social']]);
    const fields = workfront.requestsTo('/attask/api/v15.0/proj/proj-1').at(-1)!.query.fields!;
    expect(fields.split(',')).toEqual(expect.arrayContaining(['DE:Campaign name', 'DE:Channel code']));

    const again = await syncAndWait(admin, assignmentId);
    expect(again.message).toBe('Nothing new to import from projects of template task ttsk-1');

    project.customFields['Channel code'] = 'email';
    project.lastUpdateDate = '2026-03-05T10:00:00:000-0700';
    const changed = await syncAndWait(admin, assignmentId);
    expect(await draftRows(admin, template, changed.submission_id!)).toEqual([['Spring Sale', 'email']]);
  });

  it('a refused API key fails the run at once', async () => {
    const id = await workfrontAccount('wf-key-revoked');
    const template = await templateWith('workfront-project-pull-task-trigger', {
      connector_id: id,
      metadata: { workfrontTemplateId: 'tmpl-1', workfrontTemplateTaskId: 'ttsk-1' },
    });
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).toMatch(
      /^Workfront refused the connected account's credentials reading the projects of template task ttsk-1/,
    );
    expect(run.message).not.toContain('wf-key-revoked');
  });
});
