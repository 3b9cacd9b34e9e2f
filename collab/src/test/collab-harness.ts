import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HocuspocusProvider } from '@hocuspocus/provider';
import type { Hocuspocus } from '@hocuspocus/server';
import { type RoomCommandInput, type RoomMessage, roomName, type Thread } from '@nomen/shared';
import { type DbHandle, openDatabase } from '@nomen/shared/db';
import { signCollabToken } from '@nomen/shared/node';
import * as Y from 'yjs';
import { attachCollab } from '../attach';
import { createCollab, stopCollab } from '../create-collab';

/** The secret the harness signs tokens with. */
export const TEST_SECRET = 'collab-test-secret-0123456789';

/** A collab server on an ephemeral port over the test PostgreSQL database. */
export interface CollabInstance {
  hocuspocus: Hocuspocus;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a collab instance (optionally joined to others through Redis). `listen: null` starts one
 * that does not LISTEN for revocations (only the per-command access check stands).
 */
export async function startCollab(
  db: DbHandle,
  options: {
    redisUrl?: string;
    lockTimeoutMs?: number;
    debounceMs?: number;
    presenceRenewalMs?: number;
    connectionTimeoutMs?: number;
    listen?: null;
  } = {},
): Promise<CollabInstance> {
  const { listen, ...rest } = options;
  const hocuspocus = await createCollab({
    db: db.db,
    listen: listen === null ? undefined : db.listen,
    secret: TEST_SECRET,
    ...rest,
  });
  const server = createServer();
  const detach = attachCollab(server, hocuspocus);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hocuspocus,
    server,
    url: `ws://127.0.0.1:${port}/collab`,
    async close() {
      await stopCollab(hocuspocus);
      await detach();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Options of `startCollab` (besides the database). */
export type CollabOptions = NonNullable<Parameters<typeof startCollab>[1]>;

/** Collab instances over one open test database, and the clients that joined them. */
export interface CollabPeers {
  db: DbHandle;
  /** One instance per options object given to `startCollabPeers`, in that order. */
  instances: CollabInstance[];
  /** The clients destroyed on close: those `join` made, and any a test adds. */
  clients: TestClient[];
  /** Connects `person` of `f` to `f`'s room on `instance` (`connect`); the client is destroyed on close. */
  join(instance: CollabInstance, f: RoomFixture, person: Person): Promise<TestClient>;
  /** Destroys the joined clients, closes the instances in order, then the database. */
  close(): Promise<void>;
}

/**
 * What a collab API test file starts in its beforeAll: the test database (`openTestDatabase`)
 * and one collab instance (`startCollab`) per entry of `options`, started one after another.
 */
export async function startCollabPeers(...options: CollabOptions[]): Promise<CollabPeers> {
  const db = await openTestDatabase();
  const instances: CollabInstance[] = [];
  for (const o of options) instances.push(await startCollab(db, o));
  const clients: TestClient[] = [];
  return {
    db,
    instances,
    clients,
    async join(instance, f, person) {
      const client = await connect(instance.url, f.room, tokenFor(f, person));
      clients.push(client);
      return client;
    },
    async close() {
      for (const c of clients) c.destroy();
      for (const instance of instances) await instance.close();
      await db.close();
    },
  };
}

/** Opens the test database (migrated by the API project's global setup). */
export function openTestDatabase(): Promise<DbHandle> {
  return openDatabase({
    url: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_test',
    poolSize: 5,
  });
}

/** An account with a list and people, made directly in the database. */
export interface RoomFixture {
  accountId: number;
  accountUuid: string;
  listId: number;
  /** A column of the list, and a saved value in it at row 0 (cells comments may name). */
  columnId: number;
  listValueId: number;
  room: string;
  approver: Person;
  approver2: Person;
  commenter: Person;
}

/** A fixture person with the id of a REST session of theirs (collab tokens are bound to one). */
export interface Person {
  id: number;
  name: string;
  sessionId: string;
}

/** Creates an account, two approvers, a commenter (each with a session) and a list with a column and a value. */
export async function createRoomFixture(db: DbHandle): Promise<RoomFixture> {
  const tag = randomUUID().slice(0, 8);
  const account = await db.db
    .insertInto('accounts')
    .values({ name: `Collab ${tag}`, settings: '{}', feature_flags: ['live-collaboration'] })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  const user = async (name: string, role: 'ADMIN' | 'MANAGER', permissions: string[]) =>
    db.db
      .insertInto('users')
      .values({
        account_id: account.id,
        name,
        email: `${name.toLowerCase().replace(/\s/g, '.')}-${tag}@collab.test`,
        role,
        permissions,
        password_hash: null,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow()
      .then(async (row) => ({ ...row, sessionId: await openSession(db, row.id) }));
  const approver = await user('Priya Approver', 'ADMIN', ['approve_suggestions']);
  const approver2 = await user('Omar Approver', 'ADMIN', ['approve_suggestions']);
  const commenter = await user('Jordan Commenter', 'MANAGER', ['manage_lists']);
  const list = await db.db
    .insertInto('lists')
    .values({ account_id: account.id, name: 'Channels', type: 'drop-down', powered_template_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const column = await db.db
    .insertInto('list_columns')
    .values({ list_id: list.id, name: 'Channel', precedence: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const value = await db.db
    .insertInto('list_values')
    .values({ list_column_id: column.id, row_number: 0, value: 'Facebook' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    accountId: account.id,
    accountUuid: account.uuid,
    listId: list.id,
    columnId: column.id,
    listValueId: value.id,
    room: roomName(account.uuid, list.id),
    approver,
    approver2,
    commenter,
  };
}

/** Opens a REST session for a user directly in the database (as a sign-in would); returns its id. */
export async function openSession(db: DbHandle, userId: number): Promise<string> {
  const id = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
  await db.db
    .insertInto('sessions')
    .values({ id, user_id: userId, expires_at: new Date(Date.now() + 3600_000) })
    .execute();
  return id;
}

/** A signed token for a fixture person (overridable claims for the security tests). */
export function tokenFor(
  fixture: RoomFixture,
  person: Person,
  overrides: Partial<{
    approver: boolean;
    acc: string;
    list: number;
    exp: number;
    sid: string;
    av: number;
  }> = {},
  secret = TEST_SECRET,
): string {
  return signCollabToken(
    {
      uid: person.id,
      name: person.name,
      acc: fixture.accountUuid,
      list: fixture.listId,
      approver: person.name.includes('Approver'),
      exp: Math.floor(Date.now() / 1000) + 600,
      sid: person.sessionId,
      av: 0,
      ...overrides,
    },
    secret,
  );
}

/** A command without its id (the helper adds one), for each kind of command. */
export type CommandWithoutId = RoomCommandInput extends infer C
  ? C extends unknown
    ? Omit<C, 'id'> & { id?: string }
    : never
  : never;

/** A headless room client: a provider, the messages it received, and a command helper. */
export interface TestClient {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  messages: RoomMessage[];
  /** Sends a command and resolves with the server's ack or refusal for it. */
  command(command: CommandWithoutId): Promise<RoomMessage>;
  threads(): Thread[];
  /** Resolves with the code and reason of the first close of the socket by the server. */
  closed: Promise<{ code: number; reason: string }>;
  destroy(): void;
}

/**
 * Connects a headless client (@hocuspocus/provider in Node) to `room` on `url` with `token`;
 * resolves when synced, rejects with the server's reason when authentication fails.
 */
export function connect(url: string, room: string, token: string): Promise<TestClient> {
  const doc = new Y.Doc();
  const messages: RoomMessage[] = [];
  const waiting = new Map<string, (m: RoomMessage) => void>();
  let onClosed!: (event: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    onClosed = resolve;
  });
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      url,
      name: room,
      document: doc,
      token,
      onClose: ({ event }) => onClosed({ code: event.code, reason: event.reason }),
      onAuthenticationFailed: ({ reason }) => {
        provider.destroy();
        reject(new Error(reason));
      },
      onStateless: ({ payload }) => {
        const message = JSON.parse(payload) as RoomMessage;
        messages.push(message);
        const id = 'id' in message ? message.id : null;
        if (id && waiting.has(id)) {
          waiting.get(id)!(message);
          waiting.delete(id);
        }
      },
      onSynced: () =>
        resolve({
          provider,
          doc,
          messages,
          command(command) {
            const id = command.id ?? randomUUID();
            return new Promise((done) => {
              waiting.set(id, done);
              provider.sendStateless(JSON.stringify({ ...command, id }));
            });
          },
          threads: () => [...doc.getMap<Thread>('threads').values()],
          closed,
          destroy: () => provider.destroy(),
        }),
    });
  });
}

/** Retries `assertion` until it passes or `timeoutMs` runs out (STYLE.md: no sleeping). */
export async function eventually(assertion: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
