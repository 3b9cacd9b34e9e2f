import { createHash } from 'node:crypto';
import type { ConnectionTestResult, Credentials } from '@nomen/shared';
import { Client, type ConnectConfig } from 'ssh2';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { pinSftpHostKey } from '../../entities/connectors/connectors.service';
import { type OutboundPolicy, outboundRefusalIn } from '../../security/outbound';

/** How long a connection test waits for a peer. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/** The credentials of an SFTP account (spec 01 §3.2). */
export type SftpCredentials = Extract<Credentials, { family: 'sftp' }>;

/** What guards an SFTP connection: the outbound rule and the account's pinned host key. */
export interface SftpGuard {
  /** The server's outbound rule (config.outbound): the host must be public or admitted. */
  outbound: OutboundPolicy;
  /** The pinned host key fingerprint (`SHA256:…`); null: none yet, the first key is trusted. */
  pinnedHostKey: string | null;
  /**
   * Pins the key a server presents when none is pinned yet (trust on first use, as OpenSSH's
   * known_hosts); the connection goes on once it is stored and fails when it cannot be.
   */
  onFirstHostKey?: (fingerprint: string) => Promise<unknown>;
}

/**
 * The guard of a connected SFTP account (README "Security"): the configured outbound rule, its
 * pinned host key, and the pinning of the first key a server presents (none for unsaved values).
 */
export function sftpGuardOf(deps: ConnectorDeps, connector: ReadConnector): SftpGuard {
  return {
    outbound: deps.config.outbound,
    pinnedHostKey: connector.sftpHostKey,
    // Unsaved values are tested without pinning: the key is pinned by the saved account's test.
    ...(connector.unsaved
      ? {}
      : {
          onFirstHostKey: (fingerprint: string) =>
            pinSftpHostKey(deps.db, connector.accountId, connector.id, fingerprint),
        }),
  };
}

/** The SHA-256 fingerprint of an SSH host key as OpenSSH prints it (`SHA256:` and unpadded base64). */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** An SFTP server that presented another host key than the pinned one (README "Security"). */
export class HostKeyChangedError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
    readonly pinned: string,
    readonly offered: string,
  ) {
    super(
      `The host key of ${host}:${port} changed: Nomen pinned ${pinned}, the server now presents ${offered}. If the server's key was replaced on purpose, an admin can accept the new key on the connected account's page; otherwise someone may be intercepting the connection.`,
    );
    this.name = 'HostKeyChangedError';
  }
}

/**
 * How to sign in to an SFTP account (spec 01 §3.2: host, port, username, password or secret key),
 * as the `ssh2` client's connect options: port 22 when none is set, the private key when the
 * account signs in with a secret key and the password otherwise, and `readyTimeout` the time the
 * caller waits for the server. The TCP connection is the outbound rule's (`sock`: a refused host
 * fails with the rule's message before anything is sent), and the host key must be the pinned one:
 * another key ends the connection with {@link HostKeyChangedError} before signing in, and with
 * none pinned the first key is pinned through `guard.onFirstHostKey` before signing in.
 * `offeredHostKey()` answers the key the server presented. Shared by the connection test, the
 * sftp-push delivery and the sftp-pull source, which call `client.connect` with it at once (the
 * socket is already connecting); `host` and `port` are the ones their messages name.
 */
export function sftpSignIn(
  c: SftpCredentials,
  readyTimeout: number,
  guard: SftpGuard,
): ConnectConfig & { host: string; port: number; offeredHostKey(): string | null } {
  const host = c.host ?? '';
  const port = Number(c.port ?? 22);
  const sock = guard.outbound.connect(host, port);
  let offered: string | null = null;
  return {
    host,
    port,
    username: c.username ?? '',
    ...(c.auth_type === 'secret_key'
      ? { privateKey: c.client_secret ?? '' }
      : { password: c.password ?? '' }),
    readyTimeout,
    sock,
    hostVerifier: (key: Buffer, verify: (isValid: boolean) => void) => {
      offered = hostKeyFingerprint(key);
      if (guard.pinnedHostKey && guard.pinnedHostKey !== offered) {
        // Ends the connection with the reason as its error, the same path as any socket failure.
        sock.destroy(new HostKeyChangedError(host, port, guard.pinnedHostKey, offered));
        return;
      }
      if (guard.pinnedHostKey || !guard.onFirstHostKey) return verify(true);
      guard.onFirstHostKey(offered).then(
        () => verify(true),
        (error: unknown) => sock.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    offeredHostKey: () => offered,
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
 * the `ssh2` client through the outbound rule, opens the SFTP subsystem and lists the home folder.
 * The server's host key must be the pinned one; the first key a server presents is pinned (README
 * "Security"). Answers the host key fingerprint (SHA-256) so the admin can compare it with the one
 * their provider gives; a changed key is refused naming the old and the new fingerprint.
 */
export function testSftp(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  const c = connector.credentials;
  if (c.family !== 'sftp') return Promise.resolve({ ok: false, message: 'Not an SFTP account' });
  const signIn = sftpSignIn(c, CONNECTION_TEST_TIMEOUT_MS, sftpGuardOf(deps, connector));
  const { host, port } = signIn;
  return new Promise<ConnectionTestResult>((resolve) => {
    const client = new Client();
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
          if (listError) {
            finish({
              ok: false,
              message: `Signed in, but the home folder cannot be listed: ${listError.message}`,
            });
            return;
          }
          const fingerprint = signIn.offeredHostKey() ?? '';
          const said = `Signed in to ${host}:${port} as ${c.username}; the home folder holds ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}.`;
          finish({
            ok: true,
            message: connector.sftpHostKey
              ? `${said} Host key ${fingerprint} (pinned).`
              : connector.unsaved
                ? `${said} Host key ${fingerprint}, not pinned yet: the first test of the saved account pins it.`
                : `${said} Host key ${fingerprint}, pinned now: a server presenting another key will be refused.`,
          });
        });
      });
    });
    client.on('error', (error: Error & { level?: string }) => {
      const refused = outboundRefusalIn(error);
      const message = refused
        ? refused.message
        : error instanceof HostKeyChangedError
          ? error.message
          : error.level === 'client-authentication'
            ? `${host}:${port} refused the sign-in of ${c.username}: check the username and ${c.auth_type === 'secret_key' ? 'secret key' : 'password'}.`
            : `Could not reach ${host}:${port}: ${error.message}`;
      finish({ ok: false, message });
    });
    try {
      client.connect(signIn);
    } catch (error) {
      finish({
        ok: false,
        message: `Could not sign in: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
}
