import { randomUUID } from 'node:crypto';
import { type SsoSamlPeer, startSsoSamlPeer } from '../../peers/sso-saml-peer';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

/**
 * Single sign-on through SAML 2.0 in the browser (README "Single sign-on"): an admin adds the
 * company's SAML IdP in Settings → Single sign-on from its metadata URL, sees the values to paste
 * at the IdP, and a new person then signs in SP-initiated from the sign-in page through
 * "Continue with …" — the IdP's page posts a signed Response to the ACS — and is created just in
 * time with the role the IdP's groups map to. The IdP is tests/peers/sso-saml-peer.ts on a port
 * of this worker's own (E2E_PORT + 51).
 */

test.use({ storageState: storageStateOf('admin') });

let idp: SsoSamlPeer;

test.beforeAll(async ({ e2eServer }) => {
  idp = await startSsoSamlPeer({ port: e2eServer.port + 51 });
});
test.afterAll(async () => {
  await idp?.close();
});

test('[SSO]: an admin configures a SAML IdP and a new person signs in through it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const domain = `saml-${randomUUID().slice(0, 6)}.test`;
  idp.people.set('sam', { email: `sam@${domain}`, name: 'Sam Lowe', groups: ['nomen-managers'] });

  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Manage single sign-on' }).click();
  await page.getByRole('button', { name: 'Add identity provider' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add identity provider' });
  await drawer.getByRole('textbox', { name: 'Name' }).fill('Acme SAML');
  await drawer.getByLabel('Email domains').fill(domain);
  await drawer.getByLabel('Email domains').press('Enter');
  await drawer.getByText('SAML 2.0', { exact: true }).click();
  await drawer.getByRole('textbox', { name: 'IdP metadata URL' }).fill(idp.metadataUrl);
  await drawer.getByRole('switch', { name: 'Create users on first sign-in' }).check();
  await drawer.getByRole('button', { name: 'Add rule' }).click();
  await drawer.getByRole('textbox', { name: 'Value of rule 1' }).fill('nomen-managers');
  await drawer.getByRole('combobox', { name: 'What rule 1 gives' }).click();
  await page.getByRole('option', { name: 'Role MANAGER' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Identity provider added')).toBeVisible();
  const row = page.getByRole('row', { name: /Acme SAML/ });
  await expect(row).toContainText('SAML 2.0');

  // The saved provider shows what to paste at the IdP, read from the IdP's metadata.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Acme SAML' });
  await expect(edit.getByRole('textbox', { name: 'ACS URL (Single sign-on URL)' })).toHaveValue(
    /\/api\/v1\/auth\/sso\/saml\/\d+\/acs$/,
  );
  await expect(edit.getByRole('textbox', { name: 'IdP entity ID (Issuer)' })).toHaveValue(idp.entityId);
  await expect(edit.getByRole('link', { name: 'Download SP metadata' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Sam has no Nomen user yet: the sign-in page sends the domain to the SAML IdP.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto('/login');
  await visitor.getByRole('textbox', { name: 'Email' }).fill(`sam@${domain}`);
  await visitor.getByRole('link', { name: 'Continue with Acme SAML' }).click();
  await expect(visitor.getByRole('heading', { name: 'SAML IdP sign-in' })).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Login' }).fill('sam');
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor).not.toHaveURL(/\/login|127\.0\.0\.1:\d+\/sso/);
  const me = await visitor.request.get('/api/v1/auth/me');
  expect((await me.json()).user).toMatchObject({ email: `sam@${domain}`, name: 'Sam Lowe', role: 'MANAGER' });
  await context.close();
});
