import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { type SsoOidcPeer, startSsoOidcPeer } from '../../peers/sso-oidc-peer';
import { apiAs } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

/**
 * Single sign-on through OpenID Connect in the browser (README "Single sign-on"): an admin adds
 * the company's IdP in Settings → Single sign-on, tests it in a popup that shows the claims, and a
 * new person then signs in from the sign-in page through "Continue with …" and is created just in
 * time with the role the IdP's groups map to. The IdP is `oidc-provider` (tests/peers/sso-oidc-peer.ts)
 * on a port of this worker's own (E2E_PORT + 50).
 */

test.use({ storageState: storageStateOf('admin') });

let idp: SsoOidcPeer;

test.beforeAll(async ({ e2eServer }) => {
  idp = await startSsoOidcPeer({
    port: e2eServer.port + 50,
    redirectUri: `${e2eServer.baseURL}/api/v1/auth/sso/oidc/callback`,
  });
});
test.afterAll(async () => {
  await idp?.close();
});

/** Signs in at the IdP's development pages as `login` and allows access. */
async function signInAtIdp(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('[SSO]: an admin configures an OpenID provider, tests it, and a new person signs in through it', async ({
  page,
  browser,
}) => {
  // Configuring, a popup test and a sign-in through the IdP's pages: three round trips to the IdP.
  test.setTimeout(120_000);
  const domain = `sso-${randomUUID().slice(0, 6)}.test`;
  idp.people.set('nora', { email: `nora@${domain}`, name: 'Nora North', groups: ['nomen-managers'] });

  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Manage single sign-on' }).click();
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add identity provider' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add identity provider' });
  await drawer.getByRole('textbox', { name: 'Name' }).fill('Acme SSO');
  await drawer.getByLabel('Email domains').fill(domain);
  await drawer.getByLabel('Email domains').press('Enter');
  await expect(drawer.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
    /\/api\/v1\/auth\/sso\/oidc\/callback$/,
  );
  await drawer.getByRole('textbox', { name: 'Issuer URL' }).fill(idp.issuer);
  await drawer.getByRole('textbox', { name: 'Client ID' }).fill(idp.clientId);
  await drawer.getByLabel('Client secret').fill(idp.clientSecret);
  await drawer.getByRole('textbox', { name: 'Scopes' }).fill('openid email profile groups');
  await drawer.getByRole('switch', { name: 'Create users on first sign-in' }).check();
  await drawer.getByRole('button', { name: 'Add rule' }).click();
  await drawer.getByRole('textbox', { name: 'Value of rule 1' }).fill('nomen-managers');
  await drawer.getByRole('combobox', { name: 'What rule 1 gives' }).click();
  await page.getByRole('option', { name: 'Role MANAGER' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Identity provider added')).toBeVisible();
  const row = page.getByRole('row', { name: /Acme SSO/ });
  await expect(row).toContainText(domain);

  // The test button runs a real sign-in in a popup and shows the claims received.
  const popupOpened = page.waitForEvent('popup');
  await row.getByRole('button', { name: 'Test' }).click();
  const popup = await popupOpened;
  await signInAtIdp(popup, 'nora');
  await expect(popup.getByRole('heading', { name: 'Test finished' })).toBeVisible();
  const result = page.getByRole('dialog', { name: 'Test sign-in' });
  await expect(result.getByRole('status')).toContainText('The sign-in works');
  await expect(result.getByRole('status')).toContainText(
    `creates the user nora@${domain} with the role MANAGER`,
  );
  await expect(result.getByLabel('Claims received')).toContainText('"nomen-managers"');
  await expect(page.locator('body')).not.toContainText(idp.clientSecret);
  await popup.close();
  await result.getByRole('button', { name: 'Close' }).click();

  // Nora has no Nomen user yet: the sign-in page sends her domain to the IdP.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto('/login');
  await visitor.getByRole('textbox', { name: 'Email' }).fill(`nora@${domain}`);
  await visitor.getByRole('link', { name: 'Continue with Acme SSO' }).click();
  await signInAtIdp(visitor, 'nora');
  await expect(visitor).not.toHaveURL(/\/login/);
  await visitor.goto('/profile');
  await expect(visitor.getByLabel('Name', { exact: true })).toHaveValue('Nora North');
  const me = await visitor.request.get('/api/v1/auth/me');
  expect((await me.json()).user).toMatchObject({ email: `nora@${domain}`, role: 'MANAGER' });

  await context.close();
});

test('[SSO]: a refused sign-in comes back to the sign-in page with its reason', async ({
  baseURL,
  browser,
}) => {
  const domain = `refuse-${randomUUID().slice(0, 6)}.test`;
  const api = await apiAs('admin', baseURL!);
  const created = await api.post('/api/v1/account/sso/providers', {
    data: {
      name: 'Refusing SSO',
      protocol: 'oidc',
      email_domains: [domain],
      jit_enabled: true,
      oidc: { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret },
    },
  });
  expect(created.status()).toBe(201);
  await api.dispose();
  idp.people.set('outsider', { email: 'outsider@elsewhere.test' });

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(`someone@${domain}`);
  await page.getByRole('link', { name: 'Continue with Refusing SSO' }).click();
  await signInAtIdp(page, 'outsider');
  await expect(page).toHaveURL(/\/login\?sso_error=/);
  await expect(page.getByRole('alert')).toContainText(
    'outsider@elsewhere.test is outside the email domains Refusing SSO signs in.',
  );
  await context.close();
});
