import ssh2, { type SFTPWrapper } from 'ssh2';
import type { ReadConnector } from '../../entities/connectors/connectors.read';
import { CONNECT_TIMEOUT_MS, describe, sftpFolder } from '../../jobs/delivery';
import type { FileSource } from '../../jobs/inbound/file-sources';
import { InboundError } from '../../jobs/inbound/inbound-error';
import { type SftpGuard, sftpCall, sftpSignIn, sftpSignInRefused } from './connection';

/**
 * Signs in to the account's SFTP server through `guard` (the outbound rule and the pinned host key,
 * `sftpGuardOf`) and opens the folder. A refused sign-in is permanent.
 */
export function openSftpSource(
  connector: ReadConnector,
  folder: string,
  guard: SftpGuard,
): Promise<FileSource> {
  const c = connector.credentials;
  if (c.family !== 'sftp')
    return Promise.reject(new InboundError('The account is not an SFTP account', true));
  const signIn = sftpSignIn(c, CONNECT_TIMEOUT_MS, guard);
  const { host, port } = signIn;
  const path = sftpFolder(folder);
  const client = new ssh2.Client();
  return new Promise<FileSource>((resolve, reject) => {
    let isOpen = false;
    client.on('error', (error: Error & { level?: string }) => {
      if (isOpen) return;
      reject(
        error.level === 'client-authentication'
          ? new InboundError(sftpSignInRefused(c, host, port), true)
          : new InboundError(`Could not reach ${host}:${port}: ${describe(error)}`, false),
      );
    });
    client.on('ready', () => {
      client.sftp((error, sftp: SFTPWrapper) => {
        if (error) {
          client.end();
          return reject(new InboundError(`The server offers no SFTP: ${error.message}`, true));
        }
        isOpen = true;
        resolve({
          where: `sftp://${host}${path.startsWith('/') ? '' : '/'}${path}`,
          async list() {
            const entries = await sftpCall<
              { filename: string; attrs: { mode: number; size: number; mtime: number } }[]
            >((done) => sftp.readdir(path, done)).catch((e: unknown) => {
              throw new InboundError(`Could not list ${path} on ${host}: ${describe(e)}`, true);
            });
            return entries
              .filter((e) => (e.attrs.mode & 0o170000) === 0o100000 && !e.filename.startsWith('.'))
              .map((e) => ({
                key: path === '.' ? e.filename : `${path.replace(/\/$/, '')}/${e.filename}`,
                name: e.filename,
                size: e.attrs.size,
                version: `${e.attrs.size}:${e.attrs.mtime}`,
              }));
          },
          async read(file) {
            return sftpCall<Buffer>((done) => sftp.readFile(file.key, done)).catch((e: unknown) => {
              throw new InboundError(`Could not read ${file.key} on ${host}: ${describe(e)}`, false);
            });
          },
          close: () => client.end(),
        });
      });
    });
    try {
      client.connect(signIn);
    } catch (e) {
      reject(new InboundError(`Could not sign in: ${describe(e)}`, true));
    }
  });
}
