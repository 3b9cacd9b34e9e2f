import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import type { OutputFile } from '@nomen/shared';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SftpPeer, startSftpPeer } from '../../../../tests/peers/sftp-peer';
import { WorkfrontStandin } from '../../../../tests/standins/workfront';
import { sftpGuardOf } from '../../integrations/sftp/connection';
import { deliverSftp } from '../../integrations/sftp/deliverer';
import { localOutbound } from '../../test/local-outbound';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { readConnector } from './connectors.read';

// The outbound rule and SFTP host-key pinning (README "Security"). Two apps share the test
// database: `open` runs as the API tests do (OUTBOUND_ALLOW admits loopback, where the peers
// listen), `strict` as an operator who set no allow-list, the default.

const REFUSED_LOOPBACK =
  'Nomen does not connect to private or loopback addresses (127.0.0.1); an operator can allow this host with OUTBOUND_ALLOW';
const REFUSED_METADATA =
  'Nomen does not connect to private or loopback addresses (169.254.169.254); an operator can allow this host with OUTBOUND_ALLOW';

let open: TestContext;
let strict: TestContext;
let account: TestAccount;
let openAdmin: supertest.Agent;
let strictAdmin: supertest.Agent;
let sftp: SftpPeer;
let listener: Server;
let listenerPort: number;
let closedPort: number;
let connectionsSeen = 0;
const workfront = new WorkfrontStandin({
  validTokens: ['wf-key-ok'],
  templates: [],
  user: { ID: 'u-1', name: 'Pat Planner', emailAddr: 'pat@acme.test' },
});

beforeAll(async () => {
  sftp = await startSftpPeer();
  await workfront.start();
  // An open port that counts whoever connects, and a port nothing listens on.
  listener = createServer((socket) => {
    connectionsSeen++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as AddressInfo).port;
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedPort = (gone.address() as AddressInfo).port;
  await new Promise((resolve) => gone.close(resolve));

  open = await createTestContext();
  strict = await createTestContext({ OUTBOUND_ALLOW: '' });
  account = await createAccount(open, ['user-activity-log', 'aem-proxy-url']);
  openAdmin = await signIn(open, account.admin.email);
  strictAdmin = await signIn(strict, account.admin.email);
});

afterAll(async () => {
  await Promise.all([open?.close(), strict?.close(), sftp?.close(), workfront.close()]);
  await new Promise((resolve) => listener?.close(resolve));
});

async function save(agent: supertest.Agent, body: object) {
  return agent.post('/api/v1/account/connector/').send(body);
}

async function saved(agent: supertest.Agent, body: object): Promise<number> {
  const res = await save(agent, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
}

async function testOf(agent: supertest.Agent, id: number) {
  const res = await agent.post(`/api/v1/account/connector/${id}/test`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { ok: boolean; message: string };
}

function sftpAccount(name: string, port: number, host = '127.0.0.1') {
  return {
    name,
    connector_type_slug: 'sftp',
    metadata: { host, port, username: sftp.username, auth_type: 'password', password: sftp.password },
  };
}

describe('outbound connections of connected accounts', () => {
  it('refuses an SFTP test connection to loopback with one message, whether the port is open or closed', async () => {
    const ids = {
      postgres: await saved(openAdmin, sftpAccount('Port scan 5432', 5432)),
      listening: await saved(openAdmin, sftpAccount('Port scan open', listenerPort)),
      closed: await saved(openAdmin, sftpAccount('Port scan closed', closedPort)),
      sftp: await saved(openAdmin, sftpAccount('Port scan sftp', sftp.port)),
    };
    for (const id of Object.values(ids))
      expect(await testOf(strictAdmin, id)).toEqual({ ok: false, message: REFUSED_LOOPBACK });
    // Refused before connecting: nothing reached the listening port.
    expect(connectionsSeen).toBe(0);
    // With the operator's allow-list the same account signs in.
    expect(await testOf(openAdmin, ids.sftp)).toMatchObject({ ok: true });
  });

  it('refuses saving a loopback, private or metadata host, naming the field', async () => {
    const sftpSave = await save(strictAdmin, sftpAccount('Loopback host', 22));
    expect(sftpSave.status).toBe(400);
    expect(sftpSave.body.issues).toContainEqual({ path: 'body.metadata.host', message: REFUSED_LOOPBACK });

    const workfrontSave = await save(strictAdmin, {
      name: 'Loopback Workfront',
      connector_type_slug: 'workfront',
      metadata: { api_domain: 'http://127.0.0.1:4199', api_key: 'wf-key-ok' },
    });
    expect(workfrontSave.status).toBe(400);
    expect(workfrontSave.body.issues).toContainEqual({
      path: 'body.metadata.api_domain',
      message: REFUSED_LOOPBACK,
    });

    // Metadata addresses stay refused where loopback is admitted.
    for (const agent of [strictAdmin, openAdmin]) {
      const aem = await save(agent, {
        name: 'Metadata AEM',
        connector_type_slug: 'aem',
        metadata: {
          host_type: 'self',
          url: 'https://169.254.169.254',
          proxy_url: 'http://[::ffff:169.254.169.254]:8080',
          username: 'author',
          password: 'author-pass',
        },
      });
      expect(aem.status).toBe(400);
      expect(aem.body.issues).toEqual(
        expect.arrayContaining([
          { path: 'body.metadata.url', message: REFUSED_METADATA },
          {
            path: 'body.metadata.proxy_url',
            message:
              'Nomen does not connect to private or loopback addresses (::ffff:a9fe:a9fe); an operator can allow this host with OUTBOUND_ALLOW',
          },
        ]),
      );
      const snowflake = await save(agent, {
        name: 'Metadata Snowflake',
        connector_type_slug: 'snowflake',
        metadata: {
          url: 'https://169.254.169.254',
          username: 'u',
          password: 'p',
          role: 'r',
          warehouse: 'w',
          database: 'd',
          schema: 's',
        },
      });
      expect(snowflake.status).toBe(400);
      expect(snowflake.body.issues).toContainEqual({ path: 'body.metadata.url', message: REFUSED_METADATA });
    }
  });

  it("never calls a Workfront api_domain on loopback with the account's key", async () => {
    const id = await saved(openAdmin, {
      name: 'Workfront on loopback',
      connector_type_slug: 'workfront',
      metadata: { api_domain: workfront.url, api_key: 'wf-key-ok' },
    });
    const before = workfront.requests.length;
    const refused = await testOf(strictAdmin, id);
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain(REFUSED_LOOPBACK);
    expect(refused.message).not.toContain('Pat Planner');
    expect(workfront.requests.length).toBe(before);
    // The operator's allow-list admits it.
    expect(await testOf(openAdmin, id)).toEqual({
      ok: true,
      message: 'Signed in to Workfront as Pat Planner (pat@acme.test).',
    });
  });
});

describe('SFTP host keys', () => {
  it('pins the host key at the first successful test, refuses a changed key naming both, and lets an admin accept it', async () => {
    const id = await saved(openAdmin, sftpAccount('Pinned SFTP', sftp.port));
    const metadata = async () => (await openAdmin.get(`/api/v1/account/connector/${id}/metadata`)).body;
    expect((await metadata()).host_key).toBeNull();

    const first = await testOf(openAdmin, id);
    expect(first.ok).toBe(true);
    expect(first.message).toContain(`Host key ${sftp.hostKeyFingerprint}, pinned now`);
    expect((await metadata()).host_key).toBe(sftp.hostKeyFingerprint);
    expect((await testOf(openAdmin, id)).message).toContain(`Host key ${sftp.hostKeyFingerprint} (pinned)`);

    // The same server answers with another host key.
    const oldKey = sftp.hostKeyFingerprint;
    const port = sftp.port;
    await sftp.close();
    sftp = await startSftpPeer({ port });
    const newKey = sftp.hostKeyFingerprint;
    expect(newKey).not.toBe(oldKey);
    const changed = await testOf(openAdmin, id);
    expect(changed).toEqual({
      ok: false,
      message: `The host key of 127.0.0.1:${port} changed: Nomen pinned ${oldKey}, the server now presents ${newKey}. If the server's key was replaced on purpose, an admin can accept the new key on the connected account's page; otherwise someone may be intercepting the connection.`,
    });
    expect((await metadata()).host_key).toBe(oldKey);

    // Pushes refuse it too, before signing in.
    const connector = await readConnector(open.deps, account.id, id);
    const file: OutputFile = {
      name: 'a.csv',
      type: 'csv',
      body: new TextEncoder().encode('a\n'),
      contentType: 'text/csv',
    };
    await expect(
      deliverSftp(connector, [file], { folder: '/out', filePrefix: '', metadata: {} }, undefined, {
        outbound: localOutbound,
        pinnedHostKey: connector.sftpHostKey,
      }),
    ).rejects.toThrow(`Nomen pinned ${oldKey}, the server now presents ${newKey}`);
    expect(sftp.writes).toEqual([]);

    const accepted = await openAdmin
      .post(`/api/v1/account/connector/${id}/host-key`)
      .send({ fingerprint: newKey });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.host_key).toBe(newKey);
    expect(await testOf(openAdmin, id)).toMatchObject({ ok: true });
    const log = await openAdmin.get('/api/v1/account/activities');
    const entry = log.body.data.find(
      (e: { objectId: number; changes: { field: string }[] }) =>
        e.objectId === id && e.changes.some((c) => c.field === 'host_key'),
    );
    expect(entry).toMatchObject({
      configuredObject: 'connected account',
      objectName: 'Pinned SFTP',
      operation: 'updated',
      changes: [{ field: 'host_key', old: oldKey, new: newKey }],
    });
  });

  it('accepts a host key only from an admin of the account, for an SFTP account, as a SHA-256 fingerprint', async () => {
    const id = await saved(openAdmin, sftpAccount('Guarded SFTP', sftp.port));
    const key = sftp.hostKeyFingerprint;
    const user = await createUser(open, account.id, { role: 'USER' });
    const userAgent = await signIn(open, user.email);
    expect(
      (await userAgent.post(`/api/v1/account/connector/${id}/host-key`).send({ fingerprint: key })).status,
    ).toBe(403);
    const other = await createAccount(open);
    const otherAdmin = await signIn(open, other.admin.email);
    expect(
      (await otherAdmin.post(`/api/v1/account/connector/${id}/host-key`).send({ fingerprint: key })).status,
    ).toBe(404);
    const bad = await openAdmin
      .post(`/api/v1/account/connector/${id}/host-key`)
      .send({ fingerprint: 'MD5:aa:bb' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('body.fingerprint');
    const workfrontId = await saved(openAdmin, {
      name: 'Not SFTP',
      connector_type_slug: 'workfront',
      metadata: { api_domain: 'acme.my.workfront.com', api_key: 'wf-key-ok' },
    });
    const notSftp = await openAdmin
      .post(`/api/v1/account/connector/${workfrontId}/host-key`)
      .send({ fingerprint: key });
    expect(notSftp.status).toBe(400);
    expect(notSftp.body.issues[0].path).toBe('params.id');
  });

  it('pins the key a push meets on an account that was never tested', async () => {
    const id = await saved(openAdmin, sftpAccount('Pushed SFTP', sftp.port));
    const connector = await readConnector(open.deps, account.id, id);
    const file: OutputFile = {
      name: 'first.csv',
      type: 'csv',
      body: new TextEncoder().encode('a\n'),
      contentType: 'text/csv',
    };
    await deliverSftp(
      connector,
      [file],
      { folder: '/first', filePrefix: '', metadata: {} },
      undefined,
      sftpGuardOf(open.deps, connector),
    );
    expect((await openAdmin.get(`/api/v1/account/connector/${id}/metadata`)).body.host_key).toBe(
      sftp.hostKeyFingerprint,
    );
  });

  it('forgets the pinned key when the account is pointed at another server', async () => {
    const body = sftpAccount('Moved SFTP', sftp.port);
    const id = await saved(openAdmin, body);
    expect((await testOf(openAdmin, id)).ok).toBe(true);
    const stored = (await openAdmin.get(`/api/v1/account/connector/${id}/metadata`)).body;
    expect(stored.host_key).toBe(sftp.hostKeyFingerprint);
    const listed = await openAdmin.get('/api/v1/account/connector');
    const updatedAt = listed.body.data.find((c: { id: number }) => c.id === id).updated_at;
    const moved = await save(openAdmin, {
      ...body,
      id,
      updated_at: updatedAt,
      metadata: { ...body.metadata, port: sftp.port + 1, password: '' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.host_key).toBeNull();
  });
});
