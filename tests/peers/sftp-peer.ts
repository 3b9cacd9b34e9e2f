import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ssh2, { type Connection, type SFTPWrapper } from 'ssh2';

// ssh2 is CommonJS: Playwright's loader offers only its default export.
const { Server, utils } = ssh2;

const { STATUS_CODE } = utils.sftp;

/** A running SFTP server (the `ssh2` package's server with a small read-only SFTP subsystem). */
export interface SftpPeer {
  host: string;
  port: number;
  username: string;
  password: string;
  /** An OpenSSH private key the server accepts for `username` (secret-key sign-in). */
  privateKey: string;
  /** The files the home folder lists. */
  files: string[];
  close(): Promise<void>;
}

function same(a: Buffer | string, b: Buffer | string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Serves OPENDIR/READDIR/CLOSE/REALPATH/STAT of a flat home folder holding `files`. */
function serveSftp(sftp: SFTPWrapper, files: string[]): void {
  const open = new Map<string, boolean>();
  let next = 0;
  sftp.on('REALPATH', (reqid) => {
    sftp.name(reqid, [
      { filename: '/', longname: 'drwxr-xr-x 1 nomen nomen 0 Jan 1 00:00 /', attrs: {} as never },
    ]);
  });
  sftp.on('STAT', (reqid) => {
    sftp.attrs(reqid, { mode: 0o40755, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 });
  });
  sftp.on('OPENDIR', (reqid) => {
    const handle = Buffer.from(String(next++));
    open.set(handle.toString(), false);
    sftp.handle(reqid, handle);
  });
  sftp.on('READDIR', (reqid, handle) => {
    const key = handle.toString();
    if (!open.has(key)) return sftp.status(reqid, STATUS_CODE.FAILURE);
    if (open.get(key)) return sftp.status(reqid, STATUS_CODE.EOF);
    open.set(key, true);
    sftp.name(
      reqid,
      files.map((filename) => ({
        filename,
        longname: `-rw-r--r-- 1 nomen nomen 1 Jan 1 00:00 ${filename}`,
        attrs: { mode: 0o100644, uid: 0, gid: 0, size: 1, atime: 0, mtime: 0 },
      })),
    );
  });
  sftp.on('CLOSE', (reqid, handle) => {
    open.delete(handle.toString());
    sftp.status(reqid, STATUS_CODE.OK);
  });
}

/**
 * Starts an SFTP server on 127.0.0.1 (free port) accepting `username` with `password` or with the
 * generated private key; anything else is refused. Its home folder lists `files`.
 */
export async function startSftpPeer(
  options: { username?: string; password?: string; files?: string[] } = {},
): Promise<SftpPeer> {
  const username = options.username ?? 'nomen';
  const password = options.password ?? 'sftp-peer-password';
  const files = options.files ?? ['campaigns.csv', 'README.txt'];
  const hostKey = utils.generateKeyPairSync('ed25519');
  const userKey = utils.generateKeyPairSync('ed25519');
  const allowed = utils.parseKey(userKey.public);
  if (allowed instanceof Error) throw allowed;
  const connections = new Set<Connection>();

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.username !== username) return ctx.reject();
      if (ctx.method === 'password' && same(ctx.password, password)) return ctx.accept();
      if (
        ctx.method === 'publickey' &&
        ctx.key.algo === allowed.type &&
        same(ctx.key.data, allowed.getPublicSSH())
      ) {
        if (!ctx.signature) return ctx.accept();
        if (ctx.blob && allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo)) return ctx.accept();
      }
      ctx.reject(['password', 'publickey']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), files));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    username,
    password,
    privateKey: userKey.private,
    files,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of connections) c.end();
        server.close(() => resolve());
      }),
  };
}
