import type {
  Document,
  Extension,
  onAwarenessUpdatePayload,
  onDisconnectPayload,
  onStatelessPayload,
} from '@hocuspocus/server';
import { type RoomMessage, roomCommandSchema } from '@nomen/shared';
import type { CollabRepository } from '../collab.repository';
import { type HandlerContext, handleCommand, releaseLockOf } from '../list-room/handlers';
import { RefusedError, type RoomContext, type RoomUser } from '../list-room/room-context';
import { RoomDoc } from '../list-room/room-doc';

/** Origin of the server's own changes to a room. */
const SERVER_ORIGIN = { source: 'local' as const };

/**
 * Runs the list-room commands (ARCHITECTURE.md: every change is a typed command sent as a
 * stateless message, validated and applied on the collab server, acknowledged or refused with a
 * reason), keeps the lists-page projection up to date, and releases the lock when its holder's
 * connection or presence goes away or it idles past its timeout. Malformed or unknown commands
 * are refused; nothing a client sends closes the room.
 */
export class CommandsExtension implements Extension {
  private readonly timers = new Map<string, NodeJS.Timeout>();

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

  async onStateless({ payload, connection, document }: onStatelessPayload): Promise<void> {
    const reply = (message: RoomMessage) => connection.sendStateless(JSON.stringify(message));
    let raw: unknown;
    try {
      raw = JSON.parse(payload);
    } catch {
      reply({ type: 'refused', id: null, reason: 'Commands are JSON' });
      return;
    }
    const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : null;
    const parsed = roomCommandSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      reply({
        type: 'refused',
        id,
        reason: issue ? `${issue.path.join('.') || 'command'}: ${issue.message}` : 'Unknown command',
      });
      return;
    }
    const user = (connection.context as RoomContext).user;
    const ctx = this.context(document, user);
    try {
      const result = await handleCommand(ctx, parsed.data);
      if (result.threadsChanged) {
        await this.repository.setPendingSuggestions(
          user.accountId,
          user.listId,
          ctx.room.pendingSuggestions(),
        );
      }
      if (parsed.data.type === 'lock.take') this.watchLock(document, user);
      reply({ type: 'ack', id: parsed.data.id, ...(result.threadId ? { threadId: result.threadId } : {}) });
    } catch (error) {
      if (error instanceof RefusedError)
        reply({ type: 'refused', id: parsed.data.id, reason: error.message });
      else {
        console.error('[collab] command failed:', error);
        reply({
          type: 'refused',
          id: parsed.data.id,
          reason: 'The collaboration server could not apply this; try again',
        });
      }
    }
  }

  /** Releases the holder's lock when their last connection to the room closes. */
  async onDisconnect({ document, context }: onDisconnectPayload<RoomContext>): Promise<void> {
    if (!context?.user) return;
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
    if (!user || removed.length === 0) return;
    const room = new RoomDoc(document);
    if (room.lock().lockedBy !== user.id) return;
    const present = states.some((s) => (s as { user?: { id?: number } }).user?.id === user.id);
    if (!present) await releaseLockOf(this.context(document, user), user.id);
  }

  async afterUnloadDocument({ documentName }: { documentName: string }): Promise<void> {
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
