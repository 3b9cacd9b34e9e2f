import { createHash } from 'node:crypto';
import type { ConnectionTestResult, Credentials } from '@nomen/shared';
import { Client, type ConnectConfig } from 'ssh2';
import type { ReadConnector } from '../../entities/connectors/connectors.read';

/** How long a connection test waits for a peer. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/** The credentials of an SFTP account (spec 01 §3.2). */
export type SftpCredentials = Extract<Credentials, { family: 'sftp' }>;

/**
 * How to sign in to an SFTP account (spec 01 §3.2: host, port, username, password or secret key),
 * as the `ssh2` client's connect options: port 22 when none is set, the private key when the
 * account signs in with a secret key and the password otherwise, and `readyTimeout` the time the
 * caller waits for the server. Shared by the connection test, the sftp-push delivery and the
 * sftp-pull source; `host` and `port` are the ones their messages name.
 */
export function sftpSignIn(
  c: SftpCredentials,
  readyTimeout: number,
): ConnectConfig & { host: string; port: number } {
  return {
    host: c.host ?? '',
    port: Number(c.port ?? 22),
    username: c.username ?? '',
    ...(c.auth_type === 'secret_key'
      ? { privateKey: c.client_secret ?? '' }
      : { password: c.password ?? '' }),
    readyTimeout,
  };
}

/**
 * What a refused SFTP sign-in (an ssh2 error of level `client-authentication`) says: the server,
 * the username and which secret (password or secret key) to check. The push and the pull fail
 * with it.
 */
export function sftpSignInRefused(c: SftpCredentials, host: string, port: number): string {
  return `${host}:${port} refused the sign-in of ${c.username}: check the account's username and ${c.auth_type === 'secret_key' ? 'secret key' : 'password'}`;
}

/** One callback-style `ssh2` SFTP call (readdir, readFile, writeFile…) as a promise of its value. */
export function sftpCall<T>(
  run: (done: (error: Error | null | undefined, value?: T) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    run((error, value) => (error ? reject(error) : resolve(value as T)));
  });
}

/**
 * Signs in to an SFTP account (spec 01 §3.2: host, port, username, password or secret key) with
 * the `ssh2` client, opens the SFTP subsystem and lists the home folder. Answers the server's
 * host key fingerprint (SHA-256) so the admin can compare it with the one their provider gives.
 */
export function testSftp(connector: ReadConnector): Promise<ConnectionTestResult> {
  const c = connector.credentials;
  if (c.family !== 'sftp') return Promise.resolve({ ok: false, message: 'Not an SFTP account' });
  const signIn = sftpSignIn(c, CONNECTION_TEST_TIMEOUT_MS);
  const { host, port } = signIn;
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
        ...signIn,
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
