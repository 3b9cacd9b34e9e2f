import type { BrowserContext, Page } from '@playwright/test';
import type { CollabStack } from '../support/collab-stack';
import type { RoleName } from '../support/roles';
import { expect, test } from '../support/test';
import {
  cell,
  commentOnCell,
  openEditor,
  openPanel,
  postGeneralComment,
  presence,
  seedList,
  startSpecStack,
} from './collab-helpers';

let stack: CollabStack;

test.beforeAll(async () => {
  stack = await startSpecStack(3, { collabInstances: 2 });
});
test.afterAll(async () => {
  await stack?.close();
});

const PEOPLE: { role: RoleName; name: string }[] = [
  { role: 'approver', name: 'Priya Shah' },
  { role: 'commenter1', name: 'Jordan Lee' },
  { role: 'commenter2', name: 'Sam Rivera' },
];

/** The port of the collab WebSocket a page opens. */
function collabPortOf(page: Page): Promise<number> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      const url = new URL(socket.url());
      if (url.pathname.startsWith('/collab')) resolve(Number(url.port));
    });
  });
}

test('[COLLAB]: clients on two collab instances joined by Redis see each other live', async ({ browser }) => {
  test.setTimeout(120_000);
  // The REST server sends each user to one instance by user id: pick two users on different ones.
  const contexts: { context: BrowserContext; name: string; id: number }[] = [];
  for (const person of PEOPLE) {
    const context = await stack.signedIn(browser, person.role);
    const me = (await (await context.request.get('/api/v1/auth/me')).json()) as { user: { id: number } };
    contexts.push({ context, name: person.name, id: me.user.id });
  }
  const first = contexts[0]!;
  const second = contexts.find((c) => c.id % 2 !== first.id % 2);
  expect(second, 'two demo users with user ids of different parity').toBeDefined();
  const list = await seedList(first.context, 'Scaled-out list', ['Paris', 'Berlin']);

  const a = await first.context.newPage();
  const b = await second!.context.newPage();
  const portA = collabPortOf(a);
  const portB = collabPortOf(b);
  await openEditor(a, list.id, first.name);
  await openEditor(b, list.id, second!.name);
  const ports = [await portA, await portB];
  expect(new Set(ports).size, `collab ports ${ports.join(', ')}`).toBe(2);
  expect(stack.collabPorts).toEqual(expect.arrayContaining(ports));

  // Presence crosses instances.
  await expect(presence(a).getByRole('img', { name: second!.name })).toBeVisible();
  await expect(presence(b).getByRole('img', { name: first.name })).toBeVisible();

  // So do comments, both ways.
  await postGeneralComment(b, 'Hello from the other instance');
  const panelA = await openPanel(a);
  await expect(panelA.getByText('Hello from the other instance')).toBeVisible();
  await commentOnCell(a, 1, 'Check the spelling of Berlin');
  await expect(cell(b, 1).getByRole('img', { name: 'Has comments' })).toBeVisible();

  for (const c of contexts) await c.context.close();
});
