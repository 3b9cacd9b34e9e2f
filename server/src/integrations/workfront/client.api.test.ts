import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { WorkfrontStandin } from '../../../../tests/standins/workfront';
import { localOutbound } from '../../test/local-outbound';
import { WorkfrontClient, type WorkfrontClientOptions } from './client';

const campaignForm = {
  ID: 'ctgy-campaign',
  name: 'Campaign data',
  parameters: [
    { ID: 'param-channel', name: 'Channel', displayType: 'DROPDOWN' },
    { ID: 'param-region', name: 'Region' },
  ],
};

const standin = new WorkfrontStandin({
  validTokens: ['wf-session-ok', 'wf-session-fresh'],
  templates: [
    {
      ID: 'tmpl-launch',
      name: 'Product Launch Campaign',
      tasks: Array.from({ length: 1200 }, (_, i) => ({ ID: `ttsk-${i}`, name: `Launch task ${i}` })),
      categories: [
        campaignForm,
        { ID: 'ctgy-budget', name: 'Budget', parameters: [{ ID: 'param-po', name: 'PO number' }] },
      ],
    },
    { ID: 'tmpl-social', name: 'Social campaign (paid)', tasks: [], categories: [] },
    { ID: 'tmpl-event', name: 'Event', tasks: [{ ID: 'ttsk-e1', name: 'Book venue' }], categories: [] },
  ],
});

function client(overrides: Partial<WorkfrontClientOptions> = {}) {
  return new WorkfrontClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.apiUrl,
    getAccessToken: async () => 'wf-session-ok',
    ...overrides,
  });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('WorkfrontClient', () => {
  it('getTemplatesByName finds templates whose name contains the text, case-insensitively', async () => {
    expect(await client().getTemplatesByName('CAMPAIGN')).toEqual([
      { ID: 'tmpl-launch', name: 'Product Launch Campaign' },
      { ID: 'tmpl-social', name: 'Social campaign (paid)' },
    ]);
    expect(await client().getTemplatesByName('webinar')).toEqual([]);
  });

  it('getTemplatesByName refuses an optional parameter that is not a search filter', () => {
    expect(() => client().getTemplatesByName('x', { $$LIMIT: 5 })).toThrow(RangeError);
  });

  it('getTemplateTasksByTemplate follows $$FIRST / $$LIMIT pages', async () => {
    const tasks = await client().getTemplateTasksByTemplate('tmpl-launch');
    expect(tasks).toHaveLength(1200);
    expect(tasks[1199]).toEqual({ ID: 'ttsk-1199', name: 'Launch task 1199' });
    const calls = standin.requestsTo('/attask/api/v15.0/ttsk/search');
    expect(calls.map((c) => c.query.$$FIRST)).toEqual(['0', '500', '1000']);
  });

  it('getTemplate answers the template with its custom forms and their fields in order', async () => {
    const template = await client().getTemplate('tmpl-launch');
    expect(template.name).toBe('Product Launch Campaign');
    expect(template.objectCategories.map((c) => c.category.name)).toEqual(['Campaign data', 'Budget']);
    expect(template.objectCategories[0]!.category.categoryParameters.map((p) => p.parameter.name)).toEqual([
      'Channel',
      'Region',
    ]);
    expect(template.objectCategories[0]!.category.categoryParameters[0]!.parameter).toMatchObject({
      ID: 'param-channel',
      displayType: 'DROPDOWN',
    });
  });

  it('sends the token in the sessionID header and refreshes it once when refused', async () => {
    const tokens = rotatingToken('wf-session-expired', 'wf-session-fresh');
    expect(await client(tokens).getTemplate('tmpl-event')).toMatchObject({
      ID: 'tmpl-event',
      objectCategories: [],
    });
    expect(tokens.refreshes).toBe(1);
    await expect(
      client({ getAccessToken: async () => 'nope' }).getTemplate('tmpl-event'),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerCode: 'com.attask.common.AuthenticationException',
      providerMessage: 'You are not currently logged in',
    });
  });

  it("maps Workfront's error envelope for an unknown template", async () => {
    await expect(client().getTemplate('tmpl-nope')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerCode: 'com.attask.common.NotFoundException',
      providerMessage: 'TMPL with ID tmpl-nope was not found',
    });
  });

  it('refuses an answer without the documented shape', async () => {
    standin.injectOnce({
      path: '/attask/api/v15.0/tmpl/search',
      answer: { status: 200, body: { data: [{ ID: 1 }] } },
    });
    await expect(client().getTemplatesByName('a')).rejects.toMatchObject({
      code: 'MALFORMED',
      provider: 'workfront',
    });
  });
});
