import { createHash } from 'node:crypto';
import type { ConnectionTestResult } from '@nomen/shared';
import { Client } from 'ssh2';
import type { ReadConnector } from '../../entities/connectors/connectors.read';

/** How long a connection test waits for a peer. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/**
 * Signs in to an SFTP account (spec 01 §3.2: host, port, username, password or secret key) with
 * the `ssh2` client, opens the SFTP subsystem and lists the home folder. Answers the server's
 * host key fingerprint (SHA-256) so the admin can compare it with the one their provider gives.
 */
export function testSftp(connector: ReadConnector): Promise<ConnectionTestResult> {
  const c = connector.credentials;
  if (c.family !== 'sftp') return Promise.resolve({ ok: false, message: 'Not an SFTP account' });
  const host = c.host ?? '';
  const port = Number(c.port ?? 22);
  return new Promise((resolve) => {
    const client = new Client();
    let fingerprint = '';
    let settled = false;
    const finish = (result: ConnectionTestResult) => {
      if (settled) return;
      settled = true;
      client.end();
      resolve(result);
    };
    client.on('ready', () => {
      client.sftp((error, sftp) => {
        if (error) {
          finish({ ok: false, message: `Signed in, but the server offers no SFTP: ${error.message}` });
          return;
        }
        sftp.readdir('.', (listError, entries) => {
          if (listError)
            finish({
              ok: false,
              message: `Signed in, but the home folder cannot be listed: ${listError.message}`,
            });
          else
            finish({
              ok: true,
              message: `Signed in to ${host}:${port} as ${c.username}; the home folder holds ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}. Host key ${fingerprint}.`,
            });
        });
      });
    });
    client.on('error', (error: Error & { level?: string }) => {
      const message =
        error.level === 'client-authentication'
          ? `${host}:${port} refused the sign-in of ${c.username}: check the username and ${c.auth_type === 'secret_key' ? 'secret key' : 'password'}.`
          : `Could not reach ${host}:${port}: ${error.message}`;
      finish({ ok: false, message });
    });
    try {
      client.connect({
        host,
        port,
        username: c.username ?? '',
        ...(c.auth_type === 'secret_key'
          ? { privateKey: c.client_secret ?? '' }
          : { password: c.password ?? '' }),
        readyTimeout: CONNECTION_TEST_TIMEOUT_MS,
        hostVerifier: (key: Buffer) => {
          fingerprint = `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
          return true;
        },
      });
    } catch (error) {
      finish({
        ok: false,
        message: `Could not sign in: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
}
