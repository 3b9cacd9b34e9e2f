import type { Connection, Document, Extension, onStatelessPayload } from '@hocuspocus/server';
import {
  DRAFT_MAX_COMMAND_BYTES,
  DRAFT_ROOM_KEYS,
  type DraftCell,
  type DraftCommand,
  type DraftRoomMessage,
  draftCommandSchema,
  parseDraftRoomName,
} from '@nomen/shared';
import { DraftDoc } from '@nomen/shared/draft-room';
import * as Y from 'yjs';
import { closeRevoked } from '../extensions/AccessExtension';
import { RefusedError } from '../list-room/room-context';
import { UpdateWriter } from '../list-room/update-writer';
import { parseCommand } from '../parse-command';
import { type DraftUser, isDraftContext } from './draft-context';
import { type DraftHandlerContext, handleDraftCommand } from './draft-handlers';
import type { DraftRoomRepository } from './draft-room.repository';
import { type DraftRefusal, draftRefusal, submittedBy } from './draft-standing';
import { LastWriters } from './last-writers';

/** The refusal of a command that threw: a RefusedError's reason, or (logged) a generic "try again". */
function refusalOf(id: string, error: unknown): DraftRoomMessage {
  if (error instanceof RefusedError) return { type: 'refused', id, reason: error.message };
  console.error('[collab] draft command failed:', error);
  return { type: 'refused', id, reason: 'The collaboration server could not apply this; try again' };
}

/**
 * How long a sender found in good standing is not asked again, in ms (see checkedSender): a
 * person typing sends a command every few hundred ms, each of which would otherwise wait on
 * PostgreSQL before the others see it.
 */
const STANDING_TTL_MS = 1000;

/**
 * Runs the commands of shared-draft rooms (ARCHITECTURE.md, Live collaboration; shared
 * `draft-room.contract.ts`); list rooms are CommandsExtension's. Each command, sent as a
 * stateless message, is parsed (draftCommandSchema; malformed ones are refused), its sender is
 * checked again in PostgreSQL (at most once a second per connection, checkedSender) (session and access version as list rooms, still in the draft,
 * the draft still a Draft: after a submit, "This draft was submitted by …"; a sender whose
 * access or place in the draft went is refused and disconnected), it is applied with DraftDoc in
 * one transaction (a connection's commands one after another, in the order sent), and its Yjs update (v2) is appended to `collab_updates` before the ack, only
 * while the submission is still a Draft of the account (DraftRoomRepository.appendUpdate, in
 * order and batched per room by UpdateWriter). If the update cannot be stored the change is
 * undone in the room (Y.UndoManager over the command's origin) and the command refused, so a
 * refused command changes nothing. Once stored, the ack goes out (with the new thread's id for
 * comment.add), and each other person whose last-written cells it replaced gets an `overwritten`
 * message on their connections to the room on this instance.
 */
export class DraftCommandsExtension implements Extension {
  private readonly storeWriters = new Map<string, UpdateWriter>();
  private readonly cellWriters = new Map<string, LastWriters>();
  /** Commands of each room between their arrival and their answer (applied maybe, not yet stored). */
  private readonly inFlight = new Map<string, number>();
  /**
   * The last command of each connection still running: a connection's commands run one after
   * another in the order sent (Hocuspocus hands over each message as it arrives, and a command
   * waits on PostgreSQL before it applies), so a person's two quick writes of one cell, or the
   * parts of a large paste, land in their order.
   */
  private readonly chains = new WeakMap<Connection, Promise<void>>();
  /** When each connection's sender was last found in good standing (checkedSender). */
  private readonly standingCheckedAt = new WeakMap<Connection, number>();

  constructor(private readonly repository: DraftRoomRepository) {}

  /** Parses a stateless message of a draft room as a command and runs it (class doc). */
  async onStateless({ payload, connection, document }: onStatelessPayload): Promise<void> {
    if (!parseDraftRoomName(document.name) || !isDraftContext(connection.context)) return;
    const reply = (message: DraftRoomMessage) => connection.sendStateless(JSON.stringify(message));
    const parsed = parseCommand(payload, draftCommandSchema, DRAFT_MAX_COMMAND_BYTES);
    if ('refusal' in parsed) {
      reply(parsed.refusal);
      return;
    }
    const user = connection.context.user;
    const previous = this.chains.get(connection) ?? Promise.resolve();
    const next = previous.then(() => this.runCommand(document, connection, parsed.command, user, reply));
    this.chains.set(connection, next);
    await next;
  }

  /**
   * Runs one valid command (class doc): checks the sender again, applies it, stores its update
   * before the ack, and takes its change back out of the room when it is refused or not stored.
   */
  private async runCommand(
    document: Document,
    connection: Connection,
    command: DraftCommand,
    user: DraftUser,
    reply: (message: DraftRoomMessage) => void,
  ): Promise<void> {
    const origin = { source: 'local' as const, command: command.id };
    const updates: Uint8Array[] = [];
    const capture = (update: Uint8Array, from: unknown) => {
      if (from === origin) updates.push(update);
    };
    const draft = new DraftDoc(document);
    const undo = new Y.UndoManager([draft.order, draft.rowMap, document.getMap(DRAFT_ROOM_KEYS.threads)], {
      trackedOrigins: new Set([origin]),
      captureTimeout: 0,
    });
    const ctx: DraftHandlerContext = {
      draft,
      user,
      writers: this.lastWritersOf(document.name),
      change: (fn) => document.transact(fn, origin),
      journal: [],
    };
    let stored = false;
    document.on('updateV2', capture);
    this.track(document.name, 1);
    try {
      const refusal = await this.checkedSender(connection, draft, user);
      if (refusal) {
        reply({ type: 'refused', id: command.id, reason: refusal.reason });
        if (refusal.accessGone) closeRevoked(connection, refusal.reason);
        return;
      }
      const result = handleDraftCommand(ctx, command);
      document.off('updateV2', capture);
      await this.store(document, draft, user, updates);
      stored = true;
      reply({ type: 'ack', id: command.id, ...(result.threadId ? { threadId: result.threadId } : {}) });
      if (result.overwritten) tellOverwritten(document, user, result.overwritten);
    } catch (error) {
      // Not stored: take the command's change back out of the room (a refused command changes nothing).
      if (!stored) {
        undo.undo();
        for (const step of ctx.journal.reverse()) step();
      }
      reply(refusalOf(command.id, error));
    } finally {
      document.off('updateV2', capture);
      undo.destroy();
      this.track(document.name, -1);
    }
  }

  /**
   * Whether no command of the room is between its arrival and its answer, so everything in the
   * room's live document on this instance is stored (PersistenceExtension may then encode it).
   */
  isSettled(name: string): boolean {
    return !this.inFlight.get(name);
  }

  private track(name: string, delta: 1 | -1): void {
    const count = (this.inFlight.get(name) ?? 0) + delta;
    if (count > 0) this.inFlight.set(name, count);
    else this.inFlight.delete(name);
  }

  /** Why the sender may not act in the draft now (draftRefusal), or null. */
  /**
   * The sender's check before a command (class doc), read from PostgreSQL at most once per
   * STANDING_TTL_MS per connection: a closed room refuses at once, and between checks what takes
   * a person's place away reaches the room by NOTIFY (AccessExtension drops the connection) and
   * the store's own `status = 'Draft'` condition refuses an edit after a submit, so the round
   * trip need not delay every keystroke's broadcast.
   */
  private async checkedSender(
    connection: Connection,
    draft: DraftDoc,
    user: DraftUser,
  ): Promise<DraftRefusal | null> {
    const meta = draft.meta();
    if (meta.status === 'closed') return { reason: submittedBy(meta.closedByName), accessGone: false };
    const checkedAt = this.standingCheckedAt.get(connection);
    if (checkedAt !== undefined && Date.now() - checkedAt < STANDING_TTL_MS) return null;
    const refusal = await this.senderRefusal(draft, user);
    if (refusal) this.standingCheckedAt.delete(connection);
    else this.standingCheckedAt.set(connection, Date.now());
    return refusal;
  }

  private async senderRefusal(draft: DraftDoc, user: DraftUser): Promise<DraftRefusal | null> {
    const standing = await this.repository.standing(
      {
        userId: user.id,
        accountId: user.accountId,
        sessionId: user.sessionId,
        accessVersion: user.accessVersion,
      },
      user.submissionId,
    );
    return draftRefusal(standing, draft.meta().closedByName);
  }

  /**
   * Appends a command's updates (merged into one) to the room's stored updates; nothing when it
   * changed nothing. Throws RefusedError (why: submitted, deleted) when the draft is no longer a
   * Draft of the account.
   */
  private async store(
    document: Document,
    draft: DraftDoc,
    user: DraftUser,
    updates: Uint8Array[],
  ): Promise<void> {
    if (updates.length === 0) return;
    const appended = await this.storeWriterOf(document.name, user).append(
      updates.length === 1 ? updates[0]! : Y.mergeUpdatesV2(updates),
      false,
    );
    if (appended) return;
    const refusal = await this.senderRefusal(draft, user);
    throw new RefusedError(refusal?.reason ?? 'This draft is no longer open for editing');
  }

  /** The room's writer of acknowledged updates (one per loaded room, see UpdateWriter). */
  private storeWriterOf(name: string, user: DraftUser): UpdateWriter {
    let writer = this.storeWriters.get(name);
    if (!writer) {
      const room = { name, submissionId: user.submissionId, accountId: user.accountId };
      writer = new UpdateWriter(
        (update) => this.repository.appendUpdate(room, update),
        () => 0,
      );
      this.storeWriters.set(name, writer);
    }
    return writer;
  }

  /** The last writer of each cell of a loaded room (LastWriters). */
  private lastWritersOf(name: string): LastWriters {
    let writers = this.cellWriters.get(name);
    if (!writers) {
      writers = new LastWriters();
      this.cellWriters.set(name, writers);
    }
    return writers;
  }

  async afterUnloadDocument({ documentName }: { documentName: string }): Promise<void> {
    this.storeWriters.delete(documentName);
    this.cellWriters.delete(documentName);
  }
}

/**
 * Sends `overwritten` to the connections in the room of each person whose cells `writer`
 * replaced (by user id): who wrote over them and which cells.
 */
function tellOverwritten(document: Document, writer: DraftUser, overwritten: Map<number, DraftCell[]>): void {
  if (overwritten.size === 0) return;
  for (const connection of document.connections.keys()) {
    const context = connection.context;
    if (!isDraftContext(context)) continue;
    const cells = overwritten.get(context.user.id);
    if (!cells) continue;
    const message: DraftRoomMessage = { type: 'overwritten', by: writer.name, cells };
    connection.sendStateless(JSON.stringify(message));
  }
}
