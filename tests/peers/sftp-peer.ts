import { createHash, timingSafeEqual } from 'node:crypto';
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
  /** The SHA-256 fingerprint of the server's host key (`SHA256:…`, as OpenSSH prints it). */
  hostKeyFingerprint: string;
  /** The files the home folder lists. */
  files: string[];
  /** Files uploaded to the server, by path as the client wrote it (after renames). */
  stored: Map<string, Buffer>;
  /** Every path a client opened for writing, in order (a retried upload shows twice). */
  writes: string[];
  /**
   * Places a file on the server as if someone uploaded it (inbound pulls read it): `path` is
   * absolute (`/inbox/campaigns.csv`); each call gives it a new modification time, which it
   * answers (seconds).
   */
  putFile(path: string, data: Buffer | string): number;
  /**
   * When set, a WRITE to a path this function accepts is held (never answered) and `onHeld` is
   * called: a test can kill the uploading process mid-push.
   */
  holdWrites: ((path: string) => boolean) | null;
  onHeld: (() => void) | null;
  /** Answers the WRITEs held so far (as if the slow network caught up); later ones follow `holdWrites`. */
  releaseHeld(): void;
  close(): Promise<void>;
}

/** What the writable part of the SFTP subsystem keeps. */
interface Store {
  stored: Map<string, Buffer>;
  /** Modification time (seconds) of each stored file. */
  mtimes: Map<string, number>;
  writes: string[];
  peer: Pick<SftpPeer, 'holdWrites' | 'onHeld'>;
  /** The held WRITEs, each answered when called. */
  held: (() => void)[];
}

function same(a: Buffer | string, b: Buffer | string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The folder part of a path (`/inbox/a.csv` → `/inbox`). */
function folderOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at <= 0 ? (path.startsWith('/') ? '/' : '.') : path.slice(0, at);
}

/** A clock of modification times that always moves forward (seconds). */
let clock = Math.floor(Date.now() / 1000);

/**
 * Serves OPENDIR/READDIR/CLOSE/REALPATH/STAT of a flat home folder holding `files`, the listing of
 * other folders (the stored files in them, with sizes and modification times), OPEN (read)/READ/
 * FSTAT of stored files, and OPEN (write)/WRITE/CLOSE/RENAME/REMOVE/MKDIR of uploads kept in
 * memory (`store`). RENAME over an existing file fails, as SFTP v3 servers do.
 */
function serveSftp(sftp: SFTPWrapper, files: string[], store: Store): void {
  const open = new Map<string, boolean>();
  const dirs = new Map<string, string>();
  const reading = new Map<string, string>();
  const writing = new Map<string, { path: string; chunks: { offset: number; data: Buffer }[] }>();
  let next = 0;
  sftp.on('OPEN', (reqid, filename, flags) => {
    if ((flags & utils.sftp.OPEN_MODE.WRITE) === 0) {
      if (!store.stored.has(filename)) return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
      const handle = Buffer.from(`r${next++}`);
      reading.set(handle.toString(), filename);
      return sftp.handle(reqid, handle);
    }
    const handle = Buffer.from(`w${next++}`);
    writing.set(handle.toString(), { path: filename, chunks: [] });
    store.writes.push(filename);
    store.stored.set(filename, Buffer.alloc(0));
    sftp.handle(reqid, handle);
  });
  sftp.on('WRITE', (reqid, handle, offset, data) => {
    const file = writing.get(handle.toString());
    if (!file) return sftp.status(reqid, STATUS_CODE.FAILURE);
    const answer = () => {
      // Kept as chunks and joined on CLOSE, so a large upload costs linear time.
      file.chunks.push({ offset, data: Buffer.from(data) });
      sftp.status(reqid, STATUS_CODE.OK);
    };
    if (store.peer.holdWrites?.(file.path)) {
      const copy = Buffer.from(data);
      store.held.push(() => {
        file.chunks.push({ offset, data: copy });
        sftp.status(reqid, STATUS_CODE.OK);
      });
      store.peer.onHeld?.();
      return;
    }
    answer();
  });
  sftp.on('RENAME', (reqid, from, to) => {
    const data = store.stored.get(from);
    if (!data || store.stored.has(to)) return sftp.status(reqid, STATUS_CODE.FAILURE);
    store.stored.delete(from);
    store.stored.set(to, data);
    store.mtimes.set(to, store.mtimes.get(from) ?? ++clock);
    store.mtimes.delete(from);
    sftp.status(reqid, STATUS_CODE.OK);
  });
  sftp.on('REMOVE', (reqid, path) => {
    if (!store.stored.delete(path)) return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
    sftp.status(reqid, STATUS_CODE.OK);
  });
  sftp.on('MKDIR', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
  sftp.on('REALPATH', (reqid) => {
    sftp.name(reqid, [
      { filename: '/', longname: 'drwxr-xr-x 1 nomen nomen 0 Jan 1 00:00 /', attrs: {} as never },
    ]);
  });
  sftp.on('STAT', (reqid) => {
    sftp.attrs(reqid, { mode: 0o40755, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 });
  });
  sftp.on('READ', (reqid, handle, offset, length) => {
    const path = reading.get(handle.toString());
    const data = path === undefined ? undefined : store.stored.get(path);
    if (!data) return sftp.status(reqid, STATUS_CODE.FAILURE);
    if (offset >= data.length) return sftp.status(reqid, STATUS_CODE.EOF);
    sftp.data(reqid, data.subarray(offset, Math.min(data.length, offset + length)));
  });
  sftp.on('FSTAT', (reqid, handle) => {
    const path = reading.get(handle.toString());
    const data = path === undefined ? undefined : store.stored.get(path);
    if (!data || path === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
    const mtime = store.mtimes.get(path) ?? 0;
    sftp.attrs(reqid, { mode: 0o100644, uid: 0, gid: 0, size: data.length, atime: mtime, mtime });
  });
  sftp.on('OPENDIR', (reqid, path) => {
    const handle = Buffer.from(String(next++));
    open.set(handle.toString(), false);
    dirs.set(handle.toString(), path);
    sftp.handle(reqid, handle);
  });
  sftp.on('READDIR', (reqid, handle) => {
    const key = handle.toString();
    if (!open.has(key)) return sftp.status(reqid, STATUS_CODE.FAILURE);
    if (open.get(key)) return sftp.status(reqid, STATUS_CODE.EOF);
    open.set(key, true);
    const dir = (dirs.get(key) ?? '.').replace(/(.)\/$/, '$1');
    if (dir !== '.' && dir !== '' && dir !== '/') {
      const inDir = [...store.stored.entries()].filter(([path]) => folderOf(path) === dir);
      if (inDir.length === 0) return sftp.status(reqid, STATUS_CODE.EOF);
      return sftp.name(
        reqid,
        inDir.map(([path, data]) => {
          const filename = path.slice(dir.length + 1);
          const mtime = store.mtimes.get(path) ?? 0;
          return {
            filename,
            longname: `-rw-r--r-- 1 nomen nomen ${data.length} Jan 1 00:00 ${filename}`,
            attrs: { mode: 0o100644, uid: 0, gid: 0, size: data.length, atime: mtime, mtime },
          };
        }),
      );
    }
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
    dirs.delete(handle.toString());
    reading.delete(handle.toString());
    const file = writing.get(handle.toString());
    if (file) {
      const size = file.chunks.reduce((end, c) => Math.max(end, c.offset + c.data.length), 0);
      const body = Buffer.alloc(size);
      for (const c of file.chunks) c.data.copy(body, c.offset);
      store.stored.set(file.path, body);
      store.mtimes.set(file.path, ++clock);
      writing.delete(handle.toString());
    }
    sftp.status(reqid, STATUS_CODE.OK);
  });
}

/**
 * Starts an SFTP server on 127.0.0.1 (free port) accepting `username` with `password` or with the
 * generated private key; anything else is refused. Its home folder lists `files`.
 */
/**
 * An ed25519 key pair that ssh2 reads back. ssh2 1.17's generator strips a public key's leading zero
 * bytes, so about one pair in 256 does not parse (mscdex/ssh2#1390, #1513); such a pair is drawn again.
 */
function ed25519KeyPair(): { private: string; public: string } {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.public) instanceof Error) && !(utils.parseKey(pair.private) instanceof Error))
      return pair;
  }
}

/** The SHA-256 fingerprint of an OpenSSH public key as OpenSSH prints it. */
function fingerprintOf(publicKey: string): string {
  const parsed = utils.parseKey(publicKey);
  if (parsed instanceof Error) throw parsed;
  return `SHA256:${createHash('sha256').update(parsed.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
}

export async function startSftpPeer(
  options: {
    username?: string;
    password?: string;
    files?: string[];
    /** The port to listen on (default: a free one); another peer on a closed peer's port is the same server with a new host key. */
    port?: number;
  } = {},
): Promise<SftpPeer> {
  const username = options.username ?? 'nomen';
  const password = options.password ?? 'sftp-peer-password';
  const files = options.files ?? ['campaigns.csv', 'README.txt'];
  const hostKey = ed25519KeyPair();
  const userKey = ed25519KeyPair();
  const allowed = utils.parseKey(userKey.public);
  if (allowed instanceof Error) throw allowed;
  const connections = new Set<Connection>();
  const store: Store = {
    stored: new Map(),
    mtimes: new Map(),
    writes: [],
    peer: { holdWrites: null, onHeld: null },
    held: [],
  };

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
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), files, store));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    username,
    password,
    privateKey: userKey.private,
    hostKeyFingerprint: fingerprintOf(hostKey.public),
    files,
    stored: store.stored,
    writes: store.writes,
    putFile(path, data) {
      store.stored.set(path, Buffer.from(data));
      store.mtimes.set(path, ++clock);
      return clock;
    },
    get holdWrites() {
      return store.peer.holdWrites;
    },
    set holdWrites(value) {
      store.peer.holdWrites = value;
    },
    get onHeld() {
      return store.peer.onHeld;
    },
    set onHeld(value) {
      store.peer.onHeld = value;
    },
    releaseHeld() {
      for (const answer of store.held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of connections) c.end();
        server.close(() => resolve());
      }),
  };
}
