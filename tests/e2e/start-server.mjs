import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

/**
 * Starts the server for the end-to-end tests: recreates the E2E database (so the demo account is
 * seeded fresh on start) and an empty DATA_DIR, then runs the real server on E2E_PORT with the
 * built client. It runs without SMTP_URL, so mail lands as files in DATA_DIR/mail, where tests
 * read it (admin/people.spec.ts); nothing serves mail over HTTP. The provider stand-ins
 * (support/standins.ts) run in this process and the server reaches them through its provider
 * configuration variables.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.E2E_PORT ?? '3210';
const dataDir = process.env.E2E_DATA_DIR ?? join(root, '.data', `e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const url = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_e2e');
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
await client.query(`create database "${url.pathname.slice(1)}"`);
await client.end();

// The OpenID Connect provider the connected-accounts and audits tests start (tests/e2e/connectors,
// tests/e2e/reports/audits.spec.ts) plays Google's sign-in for Google Analytics and Campaign
// Manager 360, and Facebook's for Facebook Marketing, on this server: OAuth endpoints come from
// configuration (issue 10).
const oidcIssuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? Number(port) + 7}`;
const oauthEnv = Object.fromEntries(
  ['OAUTH_GA_', 'OAUTH_GOOGLE_CM360_', 'OAUTH_FACEBOOK_MARKETING_'].flatMap((p) => [
    [`${p}AUTHORIZATION_URL`, `${oidcIssuer}/auth`],
    [`${p}TOKEN_URL`, `${oidcIssuer}/token`],
    [`${p}USERINFO_URL`, `${oidcIssuer}/me`],
    [`${p}ISSUER`, oidcIssuer],
    [`${p}CLIENT_ID`, 'nomen-connector'],
    [`${p}CLIENT_SECRET`, 'oidc-peer-client-secret-0123456789'],
    [`${p}SCOPES`, 'openid email offline_access'],
  ]),
);
const standins = await tsImport('./support/standins.ts', import.meta.url);
const providers = await standins.startE2eStandins();

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/embedded.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    SMTP_URL: '',
    PORT: port,
    LOGIN_RATE_LIMIT: '1000',
    // Link checks fetch the landing pages the specs serve on 127.0.0.1 (codes/link-checks.spec.ts).
    LINK_CHECKS_ALLOW_PRIVATE_NETWORKS: 'true',
    // The provider stand-ins and peers listen on loopback, which the outbound rule refuses
    // unless the operator admits it (README "Security").
    OUTBOUND_ALLOW: '127.0.0.1/32,::1/128',
    ...oauthEnv,
    ...providers.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
