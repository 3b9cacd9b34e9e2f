import type { Locator, Page } from '@playwright/test';
import { type OidcPeer, startOidcPeer } from '../../peers/oidc-peer';
import { type SftpPeer, startSftpPeer } from '../../peers/sftp-peer';
import { uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The port start-server.mjs points Google's sign-in (Google Analytics, Campaign Manager 360) at. */
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 7);

let sftp: SftpPeer;
let oidc: OidcPeer;

test.beforeAll(async () => {
  [sftp, oidc] = await Promise.all([
    startSftpPeer({ files: ['spring-launch.csv', 'summer-sale.csv', 'README.txt'] }),
    startOidcPeer({
      port: OIDC_PORT,
      redirectUri: `http://localhost:${E2E_PORT}/api/v1/oauth/callback`,
      // Shorter than the server's refresh margin: every use of the account refreshes its token.
      accessTokenTtl: 30,
    }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([sftp?.close(), oidc?.close()]);
});

async function openAddDrawer(page: Page, typeName: string) {
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: 'Add account' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add connected account' });
  await drawer.getByRole('combobox', { name: 'Connector type' }).click();
  await page.getByRole('option', { name: typeName, exact: true }).click();
  return drawer;
}

test('[CONNECTORS]: an admin connects an SFTP account, the password is kept secret, and the test signs in', async ({
  page,
}) => {
  const name = uniqueName('Agency SFTP');
  const drawer = await openAddDrawer(page, 'SFTP');
  const save = drawer.getByRole('button', { name: 'Save' });
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await drawer.getByRole('textbox', { name: 'Host' }).fill(sftp.host);
  await drawer.getByRole('textbox', { name: 'Port' }).fill(String(sftp.port));
  await drawer.getByRole('textbox', { name: 'Username' }).fill(sftp.username);
  // spec 01 §5: a new SFTP connection needs a password; Save says why it is disabled.
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('aria-description', 'Password: Required');
  await drawer.getByLabel('Password', { exact: true }).fill(sftp.password);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Connected account added')).toBeVisible();

  const table = page.getByRole('table', { name: 'Connected accounts' });
  await table.getByRole('row', { name: new RegExp(name) }).click();
  const edit = page.getByRole('dialog', { name });
  await expect(edit.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(edit.getByText('Stored. Leave blank to keep it')).toBeVisible();
  await edit.getByRole('button', { name: 'Test connection' }).click();
  const result = edit.getByRole('status');
  await expect(result).toContainText('Connection works');
  // The answer shows where the button is, without scrolling the drawer.
  await expect(result).toBeInViewport({ ratio: 1 });
  await expect(edit.getByRole('button', { name: 'Test connection' })).toBeInViewport();
  await expect(result).toContainText(`Signed in to ${sftp.host}:${sftp.port} as ${sftp.username}`);
  await expect(result).toContainText('3 entries');
  await expect(page.locator('body')).not.toContainText(sftp.password);
});

test('[CONNECTORS]: an admin connects Google Analytics through the provider’s sign-in and consent', async ({
  page,
}) => {
  const name = uniqueName('GA main property');
  const drawer = await openAddDrawer(page, 'Google Analytics');
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await drawer.getByRole('button', { name: 'Sign in with Google Analytics' }).click();

  // The local OpenID Connect provider: sign in, then allow access.
  await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill('ada');
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Account connected')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  const table = page.getByRole('table', { name: 'Connected accounts' });
  await table.getByRole('row', { name: new RegExp(name) }).click();
  const edit = page.getByRole('dialog', { name });
  await expect(edit.getByText(/^Authorised/)).toBeVisible();
  // The access token is about to expire: the test refreshes it, then asks who it belongs to.
  await edit.getByRole('button', { name: 'Test connection' }).click();
  await expect(edit.getByRole('status')).toContainText('Authorised as ada@oidc.test.');
});

test('[CONNECTORS]: a denied consent brings the admin back with the provider’s reason', async ({ page }) => {
  const name = uniqueName('GA denied');
  const drawer = await openAddDrawer(page, 'Google Analytics');
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await drawer.getByRole('button', { name: 'Sign in with Google Analytics' }).click();
  await page.getByPlaceholder('Enter any login').fill('ada');
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('link', { name: /Cancel/ }).click();

  await expect(page.getByText('Authorisation was denied: End-User aborted interaction')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  await expect(page.getByRole('table', { name: 'Connected accounts' })).not.toContainText(name);
});

test('[CONNECTORS]: an admin signs in with Google for Campaign Manager 360; the email is read-only and the Profile ID typed when Google lists none', async ({
  page,
}) => {
  const name = uniqueName('CM360 network');
  const drawer = await openAddDrawer(page, 'Google Campaign Manager 360');
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  // spec 01 §4: the account is made by Google's answer, so nothing else is asked before it.
  await expect(drawer.getByRole('textbox', { name: 'Profile ID' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Sign in with Google' }).click();

  await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill('grace');
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Account connected')).toBeVisible();

  await page
    .getByRole('table', { name: 'Connected accounts' })
    .getByRole('row', { name: new RegExp(name) })
    .click();
  const edit = page.getByRole('dialog', { name });
  const email = edit.getByRole('textbox', { name: 'Connected Google email' });
  await expect(email).toHaveValue('grace@oidc.test');
  await expect(email).toHaveAttribute('readonly', '');
  // The stand-in refuses the peer's token: Google's refusal is named and the ID is typed.
  await expect(edit.getByText(/^The profiles could not be read: .+ Type the Profile ID\.$/)).toBeVisible();
  const save = edit.getByRole('button', { name: 'Save' });
  await expect(save).toHaveAttribute('aria-description', 'Profile ID: Required');
  await edit.getByRole('textbox', { name: 'Profile ID' }).fill('5001');
  await save.click();
  await expect(page.getByText('Connected account saved')).toBeVisible();

  await page
    .getByRole('table', { name: 'Connected accounts' })
    .getByRole('row', { name: new RegExp(name) })
    .click();
  const again = page.getByRole('dialog', { name });
  await expect(again.getByRole('textbox', { name: 'Profile ID' })).toHaveValue('5001');
  await expect(again.getByRole('textbox', { name: 'Connected Google email' })).toHaveValue('grace@oidc.test');
});

test("[CONNECTORS]: an SFTP server's host key is pinned at the first test; a changed key is refused until the admin accepts it", async ({
  page,
}) => {
  let peer = await startSftpPeer();
  try {
    const name = uniqueName('Pinned SFTP');
    const drawer = await openAddDrawer(page, 'SFTP');
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await drawer.getByRole('textbox', { name: 'Host' }).fill(peer.host);
    await drawer.getByRole('textbox', { name: 'Port' }).fill(String(peer.port));
    await drawer.getByRole('textbox', { name: 'Username' }).fill(peer.username);
    await drawer.getByLabel('Password', { exact: true }).fill(peer.password);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Connected account added')).toBeVisible();

    await page
      .getByRole('table', { name: 'Connected accounts' })
      .getByRole('row', { name: new RegExp(name) })
      .click();
    const edit = page.getByRole('dialog', { name });
    await expect(
      edit.getByText("Not pinned yet: the first successful Test connection pins the server's host key."),
    ).toBeVisible();
    await edit.getByRole('button', { name: 'Test connection' }).click();
    await expect(edit.getByRole('status')).toContainText('Connection works');
    await expect(edit.getByText(`Pinned host key (SHA-256): ${peer.hostKeyFingerprint}`)).toBeVisible();

    // The same host and port answer with another host key.
    const oldKey = peer.hostKeyFingerprint;
    await peer.close();
    peer = await startSftpPeer({ port: peer.port });
    await edit.getByRole('button', { name: 'Test connection' }).click();
    const result = edit.getByRole('status');
    await expect(result).toContainText('Connection failed');
    await expect(result).toContainText(
      `Nomen pinned ${oldKey}, the server now presents ${peer.hostKeyFingerprint}`,
    );
    await edit.getByRole('button', { name: 'Accept the new host key' }).click();
    await expect(page.getByText('New host key accepted')).toBeVisible();
    await expect(edit.getByText(`Pinned host key (SHA-256): ${peer.hostKeyFingerprint}`)).toBeVisible();
    await edit.getByRole('button', { name: 'Test connection' }).click();
    await expect(edit.getByRole('status')).toContainText('Connection works');
  } finally {
    await peer.close();
  }
});

test('[CONNECTORS]: an admin tests a new SFTP account before saving it, and again with a wrong password', async ({
  page,
}) => {
  const drawer = await openAddDrawer(page, 'SFTP');
  const button = drawer.getByRole('button', { name: 'Test connection' });
  // spec 01 §4: the test of typed values needs the credentials; the button says which is missing.
  await expect(button).toBeDisabled();
  const typeInto = async (field: Locator, value: string) => {
    await field.click();
    // The port starts at 22: typing replaces what the field holds.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(value);
  };
  const name = uniqueName('Unsaved SFTP');
  await typeInto(drawer.getByRole('textbox', { name: 'Name', exact: true }), name);
  await typeInto(drawer.getByRole('textbox', { name: 'Host' }), sftp.host);
  await typeInto(drawer.getByRole('textbox', { name: 'Port' }), String(sftp.port));
  await typeInto(drawer.getByRole('textbox', { name: 'Username' }), sftp.username);
  const password = drawer.getByLabel('Password', { exact: true });
  await typeInto(password, sftp.password);
  await expect(button).toBeEnabled();
  await button.click();
  const result = drawer.getByRole('status');
  await expect(result).toContainText('Connection works');
  await expect(result).toContainText(`Signed in to ${sftp.host}:${sftp.port} as ${sftp.username}`);
  await expect(result).toContainText('not pinned yet');

  await typeInto(password, 'not-the-password');
  await button.click();
  await expect(result).toContainText('Connection failed');
  await expect(result).toContainText(`refused the sign-in of ${sftp.username}`);
  // Nothing was saved by the tests.
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Connected accounts' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Connected accounts' })).not.toContainText(name);
  await expect(page.locator('body')).not.toContainText(sftp.password);
});
