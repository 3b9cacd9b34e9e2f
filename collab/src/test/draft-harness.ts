import { randomUUID } from 'node:crypto';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { type DraftCommandInput, type DraftRoomMessage, draftRoomName } from '@nomen/shared';
import type { DbHandle } from '@nomen/shared/db';
import { DraftDoc, type DraftRow } from '@nomen/shared/draft-room';
import { signCollabToken } from '@nomen/shared/node';
import * as Y from 'yjs';
import { openSession, type Person, TEST_SECRET } from './collab-harness';

/** A shared draft made directly in the database, with its room seeded as the REST server seeds it. */
export interface DraftFixture {
  accountId: number;
  accountUuid: string;
  templateId: number;
  submissionId: number;
  room: string;
  /** Template field ids the rows use as keys. */
  fields: [string, string, string];
  /** The draft's owner (submitter), an ADMIN. */
  owner: Person;
  /** Invited by name, an ADMIN (may use every template). */
  invitee: Person;
  /** A USER of the account who may use the template through a group, not invited. */
  member: Person;
  /** A USER of the account in no group: may not use the template. */
  stranger: Person;
  /** An ADMIN of another account. */
  outsider: Person & { accountUuid: string };
  /** The ids of the seeded rows, in order. */
  rowIds: string[];
}

/** How a fixture draft is made. */
export interface DraftFixtureOptions {
  /** Share with everyone who may use the template (default false). */
  everyone?: boolean;
  /** Invite `invitee` by name (default true). */
  invite?: boolean;
  /** Rows to seed the room with (default 3 rows of 3 cells). */
  rows?: DraftRow[];
  /** Write no room state at all (a draft that was never shared). */
  noRoom?: boolean;
}

/** A random row id (DRAFT_ROW_ID). */
export function newRowId(): string {
  return randomUUID();
}

/** Inserts a user of `accountId` with a session. */
async function addPerson(
  db: DbHandle,
  accountId: number,
  name: string,
  role: 'ADMIN' | 'MANAGER' | 'USER',
  tag: string,
): Promise<Person> {
  const row = await db.db
    .insertInto('users')
    .values({
      account_id: accountId,
      name,
      email: `${name.toLowerCase().replace(/\s/g, '.')}-${tag}@draft.test`,
      role,
      permissions: [],
      password_hash: null,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { ...row, sessionId: await openSession(db, row.id) };
}

/** Inserts an account (with live collaboration). */
function addAccount(db: DbHandle, tag: string) {
  return db.db
    .insertInto('accounts')
    .values({ name: `Drafts ${tag}`, settings: '{}', feature_flags: ['live-collaboration'] })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

/** Writes a room state holding `rows` (open) as the REST server seeds a draft's room. */
export async function seedDraftRoom(db: DbHandle, room: string, rows: DraftRow[]): Promise<void> {
  const doc = new Y.Doc();
  const draft = new DraftDoc(doc);
  doc.transact(() => {
    draft.setMeta({ status: 'open', submissionStatus: 'Draft', closedByName: null, closedAt: null });
    // Row by row rather than DraftDoc.insertRows, whose duplicate check is quadratic (a 50,000-row seed).
    for (const row of rows) {
      const cells = new Y.Map<string>();
      for (const [field, value] of Object.entries(row.cells)) if (value) cells.set(field, value);
      draft.rowMap.set(row.id, cells);
    }
    draft.order.push(rows.map((r) => r.id));
  });
  const state = Buffer.from(Y.encodeStateAsUpdateV2(doc));
  await db.db
    .insertInto('collab_documents')
    .values({ name: room, state })
    .onConflict((oc) => oc.column('name').doUpdateSet({ state }))
    .execute();
}

/**
 * Creates an account with a template (and its dataset), a group giving `member` the template,
 * the people of DraftFixture, and a Draft owned by `owner`, shared as `options` say, with its
 * room seeded.
 */
export async function createDraftFixture(
  db: DbHandle,
  options: DraftFixtureOptions = {},
): Promise<DraftFixture> {
  const tag = randomUUID().slice(0, 8);
  const account = await addAccount(db, tag);
  const other = await addAccount(db, `${tag}-other`);
  const template = await db.db
    .insertInto('templates')
    .values({ account_id: account.id, name: `Campaigns ${tag}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataset = await db.db
    .insertInto('datasets')
    .values({ account_id: account.id, template_id: template.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owner = await addPerson(db, account.id, 'Olivia Owner', 'ADMIN', tag);
  const invitee = await addPerson(db, account.id, 'Ivan Invitee', 'ADMIN', tag);
  const member = await addPerson(db, account.id, 'Mia Member', 'USER', tag);
  const stranger = await addPerson(db, account.id, 'Sam Stranger', 'USER', tag);
  const outsider = await addPerson(db, other.id, 'Oscar Outsider', 'ADMIN', tag);
  const group = await db.db
    .insertInto('groups')
    .values({ account_id: account.id, name: `Team ${tag}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.db
    .insertInto('group_templates')
    .values({ group_id: group.id, template_id: template.id })
    .execute();
  await db.db.insertInto('group_users').values({ group_id: group.id, user_id: member.id }).execute();
  const submission = await db.db
    .insertInto('submissions')
    .values({
      account_id: account.id,
      dataset_id: dataset.id,
      name: `Draft ${tag}`,
      status: 'Draft',
      submitter_id: owner.id,
      submitter_name: owner.name,
      template_id: template.id,
      template_name: `Campaigns ${tag}`,
      shared_with_everyone: options.everyone ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.invite ?? true) {
    await db.db
      .insertInto('submission_shares')
      .values({ submission_id: submission.id, user_id: invitee.id, account_id: account.id })
      .execute();
  }
  const fields: [string, string, string] = ['101', '102', '103'];
  const rows =
    options.rows ??
    [0, 1, 2].map((i) => ({ id: newRowId(), cells: { '101': `Campaign ${i}`, '102': 'Email', '103': '' } }));
  const room = draftRoomName(account.uuid, submission.id);
  if (!options.noRoom) await seedDraftRoom(db, room, rows);
  return {
    accountId: account.id,
    accountUuid: account.uuid,
    templateId: template.id,
    submissionId: submission.id,
    room,
    fields,
    owner,
    invitee,
    member,
    stranger,
    outsider: { ...outsider, accountUuid: other.uuid },
    rowIds: rows.map((r) => r.id),
  };
}

/** A signed draft-room token for a person (overridable claims for the refusal tests). */
export function draftTokenFor(
  f: DraftFixture,
  person: Person,
  overrides: Partial<{ acc: string; sub: number; list: number; exp: number; sid: string; av: number }> = {},
): string {
  const { list, ...rest } = overrides;
  return signCollabToken(
    {
      uid: person.id,
      name: person.name,
      acc: f.accountUuid,
      ...(list === undefined ? { sub: f.submissionId } : { list }),
      approver: false,
      exp: Math.floor(Date.now() / 1000) + 600,
      sid: person.sessionId,
      av: 0,
      ...rest,
    },
    TEST_SECRET,
  );
}

/** A draft command without its id (the client adds one). */
export type DraftCommandWithoutId = DraftCommandInput extends infer C
  ? C extends unknown
    ? Omit<C, 'id'> & { id?: string }
    : never
  : never;

/** A headless draft-room client: a provider, its Y.Doc read through DraftDoc, the messages it got. */
export interface DraftClient {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  draft: DraftDoc;
  messages: DraftRoomMessage[];
  /** Sends a command and resolves with the server's ack or refusal for it. */
  command(command: DraftCommandWithoutId): Promise<DraftRoomMessage>;
  /** Resolves with the code and reason of the first close of the socket by the server. */
  closed: Promise<{ code: number; reason: string }>;
  destroy(): void;
}

/**
 * Connects a headless client to a draft room; resolves when synced, rejects with the server's
 * reason when authentication fails.
 */
export function connectDraft(url: string, room: string, token: string): Promise<DraftClient> {
  const doc = new Y.Doc();
  const messages: DraftRoomMessage[] = [];
  const waiting = new Map<string, (m: DraftRoomMessage) => void>();
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
        const message = JSON.parse(payload) as DraftRoomMessage;
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
          draft: new DraftDoc(doc),
          messages,
          command(command) {
            const id = command.id ?? randomUUID();
            return new Promise((done) => {
              waiting.set(id, done);
              provider.sendStateless(JSON.stringify({ ...command, id }));
            });
          },
          closed,
          destroy: () => provider.destroy(),
        }),
    });
  });
}

/** Reads a room as stored (state plus appended updates) into a DraftDoc. */
export async function storedDraft(db: DbHandle, room: string): Promise<DraftDoc> {
  const doc = new Y.Doc();
  // One snapshot for both reads: a compaction committed between them would fold updates into a
  // state this read had already passed, and delete them before the second read.
  await db.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const state = await trx
        .selectFrom('collab_documents')
        .select('state')
        .where('name', '=', room)
        .executeTakeFirst();
      if (state) Y.applyUpdateV2(doc, new Uint8Array(state.state));
      const updates = await trx
        .selectFrom('collab_updates')
        .select('data')
        .where('name', '=', room)
        .orderBy('id')
        .execute();
      for (const u of updates) Y.applyUpdateV2(doc, new Uint8Array(u.data));
    });
  return new DraftDoc(doc);
}
