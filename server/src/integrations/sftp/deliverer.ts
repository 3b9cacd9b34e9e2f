import type { OutputFile } from '@nomen/shared';
import ssh2, { type SFTPWrapper } from 'ssh2';
import type { ReadConnector } from '../../entities/connectors/connectors.read';
import type { Deliverer } from '../../jobs/deliver/context';
import {
  CONNECT_TIMEOUT_MS,
  DeliveryError,
  type Destination,
  describe,
  sftpFolder,
} from '../../jobs/delivery';
import { STRICT_OUTBOUND } from '../../security/outbound';
import { type SftpGuard, sftpCall, sftpGuardOf, sftpSignIn, sftpSignInRefused } from './connection';

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
 * Removes what attempts that died left of `names` in `folder` (their `.<name>.<tag>.part` files);
 * errors are ignored (the folder may be unreadable; a leftover is harmless).
 */
async function removeStaleParts(sftp: SFTPWrapper, folder: string, names: readonly string[]): Promise<void> {
  const entries = await sftpCall<{ filename: string }[]>((done) => sftp.readdir(folder, done)).catch(
    () => [],
  );
  const dir = folder === '.' ? '' : `${folder.replace(/\/$/, '')}/`;
  for (const { filename } of entries) {
    const isStale = names.some(
      (name) => filename.startsWith(`.${name}.`) && /^[^.]+\.part$/.test(filename.slice(name.length + 2)),
    );
    if (isStale)
      await sftpCall<void>((done) => sftp.unlink(`${dir}${filename}`, (e) => done(e))).catch(() => undefined);
  }
}

/**
 * One attempt's part of an SFTP push (README "Jobs", delivery fencing): `tag` names its temporary
 * files, and `fence` is called right before each rename and throws when another attempt holds
 * the run.
 */
export interface SftpAttempt {
  tag: string;
  fence(): Promise<void>;
}

/**
 * Uploads the files over SFTP (spec 01 §3.2 sftp account: host, port, username, password or
 * secret key) into the folder: each file is written to `.<name>.<attempt tag>.part` and then,
 * when the attempt still holds the run (`attempt.fence`), renamed over the final name, so a reader
 * never sees half a file, a retried push replaces, never duplicates, and two attempts never write
 * one temporary file (what dead attempts left is removed after). A refused sign-in is permanent;
 * the fence's error is passed on as it is.
 */
export function deliverSftp(
  connector: ReadConnector,
  files: readonly OutputFile[],
  destination: Destination,
  attempt: SftpAttempt = { tag: 'upload', fence: async () => undefined },
  guard: SftpGuard = { outbound: STRICT_OUTBOUND, pinnedHostKey: connector.sftpHostKey },
): Promise<string[]> {
  const c = connector.credentials;
  if (c.family !== 'sftp')
    return Promise.reject(new DeliveryError('The account is not an SFTP account', true));
  // The outbound rule (config.outbound) and the account's pinned host key guard the connection.
  const signIn = sftpSignIn(c, CONNECT_TIMEOUT_MS, guard);
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
            const partName = `.${name}.${attempt.tag}.part`;
            const part = folder === '.' ? partName : `${folder.replace(/\/$/, '')}/${partName}`;
            await sftpCall<void>((done) => sftp.writeFile(part, Buffer.from(file.body), (e) => done(e)));
            try {
              await attempt.fence();
            } catch (lost) {
              await sftpCall<void>((done) => sftp.unlink(part, (e) => done(e))).catch(() => undefined);
              return finish(lost);
            }
            // SFTP v3 refuses to rename over an existing file: remove an earlier attempt's first.
            await sftpCall<void>((done) => sftp.unlink(final, (e) => done(e))).catch(() => undefined);
            await sftpCall<void>((done) => sftp.rename(part, final, (e) => done(e)));
            names.push(final);
          }
          await removeStaleParts(
            sftp,
            folder,
            files.map((f) => `${destination.filePrefix}${f.name}`),
          );
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
export const sftpDeliverer: Deliverer = async (ctx) => {
  const connector = await ctx.connector();
  return deliverSftp(
    connector,
    ctx.files,
    ctx.destination,
    {
      tag: ctx.attemptTag,
      fence: ctx.fence,
    },
    sftpGuardOf(ctx.deps, connector),
  );
};
