import type {
  Document,
  Extension,
  onAwarenessUpdatePayload,
  onDisconnectPayload,
  onStatelessPayload,
} from '@hocuspocus/server';
import {
  parseRoomName,
  ROOM_KEYS,
  type RoomCommand,
  type RoomMessage,
  roomCommandSchema,
} from '@nomen/shared';
import * as Y from 'yjs';
import type { CollabRepository } from '../collab.repository';
import { type HandlerContext, handleCommand, releaseLockOf } from '../list-room/handlers';
import { RefusedError, type RoomContext, type RoomUser } from '../list-room/room-context';
import { RoomDoc } from '../list-room/room-doc';
import { UpdateWriter } from '../list-room/update-writer';
import { parseCommand } from '../parse-command';
import { closeRevoked } from './AccessExtension';

/** Origin of the server's own changes to a room. */
const SERVER_ORIGIN = { source: 'local' as const };

/** The cell a command names, if any (checked against the list before the command runs). */
function cellOf(command: RoomCommand): { columnId: number; listValueId: number | null } | null {
  if (command.type === 'comment.add' || command.type === 'suggestion.add') return command.cell ?? null;
  return null;
}

/**
 * The refusal of a command that threw: a RefusedError's reason, or (logged) a generic "try again"
 * for anything unexpected.
 */
function refusalOf(id: string, error: unknown): RoomMessage {
  if (error instanceof RefusedError) return { type: 'refused', id, reason: error.message };
  console.error('[collab] command failed:', error);
  return { type: 'refused', id, reason: 'The collaboration server could not apply this; try again' };
}

/**
 * Runs the list-room commands (ARCHITECTURE.md: every change is a typed command sent as a
 * stateless message, validated and applied on the collab server, acknowledged or refused with a
 * reason), keeps the lists-page projection up to date, and releases the lock when its holder's
 * connection or presence goes away or it idles past its timeout. Malformed or unknown commands
 * are refused; nothing a client sends closes the room. Draft rooms (a shared submission draft)
 * are left to DraftCommandsExtension.
 *
 * Before a command runs, the sender's access is checked again in PostgreSQL (session, disabled,
 * access version: a revoked sender is refused and disconnected), the list must still exist and a
 * named cell must be one of its cells. An acknowledgement means stored: the command's Yjs update (v2) is appended to `collab_updates`, with the new
 * pending count, before the ack (in order per room, concurrent commands in one statement: see
 * UpdateWriter); if that fails the change is undone in the room and the command refused, so a
 * refused command changes nothing.
 */
export class CommandsExtension implements Extension {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly writers = new Map<string, UpdateWriter>();

  constructor(
    private readonly repository: CollabRepository,
    private readonly lockTimeoutMs: number,
  ) {}

  private context(document: Document, user: RoomUser): HandlerContext {
    return {
      room: new RoomDoc(document),
      user,
      repository: this.repository,
      lockTimeoutMs: this.lockTimeoutMs,
      change: (fn) => document.transact(fn, SERVER_ORIGIN),
      broadcast: (message) => document.broadcastStateless(JSON.stringify(message)),
    };
  }

  /** Parses a stateless message as a command and runs it, answering ack or refused (class doc). */
  async onStateless({ payload, connection, document }: onStatelessPayload): Promise<void> {
    if (!parseRoomName(document.name)) return; // a draft room's: DraftCommandsExtension
    const reply = (message: RoomMessage) => connection.sendStateless(JSON.stringify(message));
    const parsed = parseCommand(payload, roomCommandSchema);
    if ('refusal' in parsed) {
      reply(parsed.refusal);
      return;
    }
    const user = (connection.context as RoomContext).user;
    await this.runCommand(document, connection, parsed.command, user, reply);
  }

  /**
   * Runs one valid command (class doc): checks the sender again, applies it, stores its update
   * before the ack, and takes its change back out of the room when it is refused or not stored.
   */
  private async runCommand(
    document: Document,
    connection: onStatelessPayload['connection'],
    command: RoomCommand,
    user: RoomUser,
    reply: (message: RoomMessage) => void,
  ): Promise<void> {
    const origin = { source: 'local' as const, command: command.id };
    const updates: Uint8Array[] = [];
    const capture = (update: Uint8Array, from: unknown) => {
      if (from === origin) updates.push(update);
    };
    const undo = new Y.UndoManager([document.getMap(ROOM_KEYS.threads), document.getMap(ROOM_KEYS.lock)], {
      trackedOrigins: new Set([origin]),
      captureTimeout: 0,
    });
    const ctx: HandlerContext = {
      ...this.context(document, user),
      change: (fn) => document.transact(fn, origin),
    };
    let stored = false;
    document.on('updateV2', capture);
    try {
      const refusal = await this.repository.commandRefusal(
        {
          userId: user.id,
          accountId: user.accountId,
          sessionId: user.sessionId,
          accessVersion: user.accessVersion,
        },
        user.listId,
        cellOf(command),
      );
      if (refusal) {
        reply({ type: 'refused', id: command.id, reason: refusal.reason });
        if (refusal.accessGone) closeRevoked(connection, refusal.reason);
        return;
      }
      const result = await handleCommand(ctx, command);
      document.off('updateV2', capture);
      await this.store(document, user, updates, result.threadsChanged === true);
      stored = true;
      if (command.type === 'lock.take') this.watchLock(document, user);
      reply({ type: 'ack', id: command.id, ...(result.threadId ? { threadId: result.threadId } : {}) });
    } catch (error) {
      // Not stored: take the command's change back out of the room (a refused command changes nothing).
      if (!stored) undo.undo();
      reply(refusalOf(command.id, error));
    } finally {
      document.off('updateV2', capture);
      undo.destroy();
    }
  }

  /**
   * Appends a command's updates (merged into one) to the room's stored updates with whether the
   * threads changed (UpdateWriter); nothing when it changed nothing. Throws RefusedError when the
   * list is gone.
   */
  private async store(
    document: Document,
    user: RoomUser,
    updates: Uint8Array[],
    threadsChanged: boolean,
  ): Promise<void> {
    if (updates.length === 0) return;
    const appended = await this.writerOf(document, user).append(
      updates.length === 1 ? updates[0]! : Y.mergeUpdatesV2(updates),
      threadsChanged,
    );
    if (!appended) throw new RefusedError('This list no longer exists');
  }

  /** Releases the holder's lock when their last connection to the room closes. */
  async onDisconnect({ document, context }: onDisconnectPayload<RoomContext>): Promise<void> {
    if (!context?.user || !parseRoomName(document.name)) return;
    const stillHere = [...document.connections.keys()].some(
      (connection) => (connection.context as RoomContext)?.user?.id === context.user.id,
    );
    if (!stillHere) await releaseLockOf(this.context(document, context.user), context.user.id);
  }

  /** Releases the lock when the holder's own presence leaves the room (spec 02 §4). */
  async onAwarenessUpdate({
    document,
    connection,
    removed,
    states,
  }: onAwarenessUpdatePayload<RoomContext>): Promise<void> {
    const user = connection?.context?.user;
    if (!user || removed.length === 0 || !parseRoomName(document.name)) return;
    const room = new RoomDoc(document);
    if (room.lock().lockedBy !== user.id) return;
    const present = states.some((s) => (s as { user?: { id?: number } }).user?.id === user.id);
    if (!present) await releaseLockOf(this.context(document, user), user.id);
  }

  /** The room's writer of acknowledged updates (one per loaded room, see UpdateWriter). */
  private writerOf(document: Document, user: RoomUser): UpdateWriter {
    let writer = this.writers.get(document.name);
    if (!writer) {
      const room = { name: document.name, listId: user.listId, accountId: user.accountId };
      writer = new UpdateWriter(
        (update, pending) => this.repository.appendUpdate(room, update, pending),
        () => new RoomDoc(document).pendingSuggestions(),
      );
      this.writers.set(document.name, writer);
    }
    return writer;
  }

  async afterUnloadDocument({ documentName }: { documentName: string }): Promise<void> {
    this.writers.delete(documentName);
    const timer = this.timers.get(documentName);
    if (timer) clearInterval(timer);
    this.timers.delete(documentName);
  }

  async onDestroy(): Promise<void> {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
  }

  /**
   * Checks a held lock against its expiry in PostgreSQL (renewed by the holder's lock.take while
   * active) and releases it once expired, so an idle holder does not block others.
   */
  private watchLock(document: Document, user: RoomUser): void {
    if (this.timers.has(document.name)) return;
    const every = Math.max(1000, Math.min(10_000, Math.floor(this.lockTimeoutMs / 4)));
    const timer = setInterval(() => {
      void (async () => {
        const room = new RoomDoc(document);
        if (!room.lock().isLocked) {
          clearInterval(timer);
          this.timers.delete(document.name);
          return;
        }
        const stored = await this.repository.lockOf(user.listId);
        const expired =
          !stored?.locked_by || !stored.lock_expires_at || stored.lock_expires_at.getTime() <= Date.now();
        if (expired) await releaseLockOf(this.context(document, user), null);
      })().catch((error: unknown) => console.error('[collab] lock check failed:', error));
    }, every);
    timer.unref();
    this.timers.set(document.name, timer);
  }
}
