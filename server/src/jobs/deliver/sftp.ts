import type { OutputFile } from '@nomen/shared';
import ssh2, { type SFTPWrapper } from 'ssh2';
import type { ReadConnector } from '../../entities/connectors/connectors.read';
import { sftpCall, sftpSignIn, sftpSignInRefused } from '../../integrations/connection-test/sftp';
import { CONNECT_TIMEOUT_MS, DeliveryError, type Destination, describe, sftpFolder } from '../delivery';
import type { Deliverer } from './context';

/** Creates each missing folder of `path` (errors ignored: the folder may exist or be unwritable). */
async function mkdirs(sftp: SFTPWrapper, path: string): Promise<void> {
  if (path === '.' || path === '/') return;
  const parts = path.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    if (dir === '') continue;
    await sftpCall<void>((done) => sftp.mkdir(dir, (e) => done(e))).catch(() => undefined);
  }
}

/**
 * Uploads the files over SFTP (spec 01 §3.2 sftp account: host, port, username, password or
 * secret key) into the folder: each file is written to `.<name>.part` and then renamed over the
 * final name, so a reader never sees half a file and a retried push replaces, never duplicates.
 * A refused sign-in is permanent.
 */
export function deliverSftp(
  connector: ReadConnector,
  files: readonly OutputFile[],
  destination: Destination,
): Promise<string[]> {
  const c = connector.credentials;
  if (c.family !== 'sftp')
    return Promise.reject(new DeliveryError('The account is not an SFTP account', true));
  const signIn = sftpSignIn(c, CONNECT_TIMEOUT_MS);
  const { host, port } = signIn;
  const folder = sftpFolder(destination.folder);
  const client = new ssh2.Client();
  return new Promise<string[]>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, names?: string[]) => {
      if (settled) return;
      settled = true;
      client.end();
      if (error) reject(error);
      else resolve(names ?? []);
    };
    client.on('error', (error: Error & { level?: string }) => {
      finish(
        error.level === 'client-authentication'
          ? new DeliveryError(sftpSignInRefused(c, host, port), true)
          : new DeliveryError(`Could not reach ${host}:${port}: ${describe(error)}`, false),
      );
    });
    client.on('close', () => finish(new DeliveryError(`${host}:${port} closed the connection`, false)));
    client.on('ready', () => {
      client.sftp(async (error, sftp) => {
        if (error) return finish(new DeliveryError(`The server offers no SFTP: ${error.message}`, true));
        try {
          await mkdirs(sftp, folder);
          const names: string[] = [];
          for (const file of files) {
            const name = `${destination.filePrefix}${file.name}`;
            const final = folder === '.' ? name : `${folder.replace(/\/$/, '')}/${name}`;
            const part = folder === '.' ? `.${name}.part` : `${folder.replace(/\/$/, '')}/.${name}.part`;
            await sftpCall<void>((done) => sftp.writeFile(part, Buffer.from(file.body), (e) => done(e)));
            // SFTP v3 refuses to rename over an existing file: remove an earlier attempt's first.
            await sftpCall<void>((done) => sftp.unlink(final, (e) => done(e))).catch(() => undefined);
            await sftpCall<void>((done) => sftp.rename(part, final, (e) => done(e)));
            names.push(final);
          }
          finish(null, names);
        } catch (e) {
          finish(new DeliveryError(`SFTP upload into ${folder} failed: ${describe(e)}`, false));
        }
      });
    });
    try {
      client.connect(signIn);
    } catch (e) {
      finish(new DeliveryError(`Could not sign in: ${describe(e)}`, true));
    }
  });
}

/** The sftp-push deliverer. */
export const sftpDeliverer: Deliverer = async (ctx) =>
  deliverSftp(await ctx.connector(), ctx.files, ctx.destination);
