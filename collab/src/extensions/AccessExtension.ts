import type { Connection, Document, Extension, Hocuspocus } from '@hocuspocus/server';
import { parseDraftRoomName } from '@nomen/shared';
import type { DbHandle } from '@nomen/shared/db';
import type { CollabRepository } from '../collab.repository';
import type { DraftContext, DraftUser } from '../draft-room/draft-context';
import type { DraftRoomRepository } from '../draft-room/draft-room.repository';
import { evictionReason } from '../draft-room/draft-standing';
import type { RoomContext, RoomUser } from '../list-room/room-context';

/** The NOTIFY channel the database triggers of migration 0004_collab_access write to. */
export const ACCESS_CHANNEL = 'nomen_collab';

/** WebSocket close code for a connection whose access went away (4403, as Hocuspocus's Forbidden). */
export const ACCESS_REVOKED_CODE = 4403;

/**
 * A NOTIFY payload on ACCESS_CHANNEL: one user's access changed, a session ended, a list went, a
 * draft's sharing or status changed (migration 0027), or a room's stored updates grew outside
 * this server (a REST write into a shared draft's room).
 */
type AccessNotice =
  | { user: number }
  | { session: string }
  | { list: number }
  | { submission: number }
  | { room: string };

/** Applies a room's stored updates to the live document (PersistenceExtension.applyPending). */
export type ApplyPending = (document: Document) => Promise<void>;

/** Anyone connected to a room: a list room's or a draft room's user. */
type AnyUser = RoomUser | DraftUser;

/**
 * Drops live-collaboration connections as soon as their access goes (issue 8 item 4;
 * ARCHITECTURE.md, Security rules: revoking access ends live collaboration connections at once).
 * Database triggers NOTIFY on every change that takes access away — a password, disabled, role
 * or permission change or a deleted user (`{user}`), a deleted session: logout, reset, disable
 * (`{session}`) — and on a deleted list (`{list}`); this extension LISTENs (PostgreSQL, or the
 * embedded PGlite session) and closes the matching sockets with code 4403. The reconnect then
 * brings the old token to AuthExtension, which refuses it. When the listening connection had to
 * reconnect (notifications may have been missed), every open connection's access is checked again.
 * A user who keeps some access reconnects with a new token from REST.
 *
 * Shared drafts (migration 0027): on `{submission}` (a draft's sharing or status changed, a share
 * removed, the draft deleted) every connection of that draft's room is checked again and those no
 * longer in it are closed with 4403 and the reason; a draft closed by a submit keeps its
 * connections open so they see "Submitted by …". On `{room}` (the REST server appended to a
 * room's stored updates: a merged save, a submit's "closed" meta), a room this instance holds
 * gets those updates applied to its live document, which Hocuspocus broadcasts to its clients.
 */
export class AccessExtension implements Extension {
  private instance: Hocuspocus | null = null;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly repository: CollabRepository,
    private readonly listen: DbHandle['listen'] | undefined,
    private readonly drafts: DraftRoomRepository,
    private readonly applyPending: ApplyPending,
  ) {}

  /** Starts listening for revocations on behalf of `instance`; resolves once listening. */
  async start(instance: Hocuspocus): Promise<void> {
    this.instance = instance;
    if (!this.listen) return;
    this.stop = await this.listen(
      ACCESS_CHANNEL,
      (payload) => this.onNotice(payload),
      () => void this.recheckAll(),
    );
  }

  async onDestroy(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }

  private onNotice(payload: string): void {
    let notice: AccessNotice;
    try {
      notice = JSON.parse(payload) as AccessNotice;
    } catch {
      return;
    }
    if ('user' in notice) {
      this.closeWhere((user) => user.id === notice.user, 'Your access has changed');
    } else if ('session' in notice) {
      this.closeWhere((user) => user.sessionId === notice.session, 'Your session has ended');
    } else if ('list' in notice) {
      this.closeWhere(
        (user) => 'listId' in user && user.listId === notice.list,
        'This list has been deleted',
      );
    } else if ('submission' in notice) {
      void this.recheckDraft(notice.submission);
    } else if ('room' in notice) {
      void this.refreshRoom(notice.room);
    }
  }

  /** Every open connection (list and draft rooms) with its user. */
  private *connections(): Generator<[Connection, AnyUser]> {
    for (const document of this.instance?.documents.values() ?? []) {
      for (const connection of document.connections.keys()) {
        const user = (connection.context as RoomContext | DraftContext | undefined)?.user;
        if (user) yield [connection, user];
      }
    }
  }

  /**
   * Checks every connection of a draft's room again after its sharing or status changed: those
   * no longer in it (unshared, uninvited, deleted draft) are closed with 4403 and the reason; a
   * draft closed by a submit keeps its connections, so they see "Submitted by …".
   */
  private async recheckDraft(submissionId: number): Promise<void> {
    const targets = [...this.connections()].filter(
      (entry): entry is [Connection, DraftUser] =>
        'submissionId' in entry[1] && entry[1].submissionId === submissionId,
    );
    await this.evictFromDrafts(targets);
  }

  /** Closes the draft-room connections whose person is no longer in their draft (evictionReason). */
  private async evictFromDrafts(targets: [Connection, DraftUser][]): Promise<void> {
    for (const [connection, user] of targets) {
      const standing = await this.drafts
        .standing(
          {
            userId: user.id,
            accountId: user.accountId,
            sessionId: user.sessionId,
            accessVersion: user.accessVersion,
          },
          user.submissionId,
        )
        .catch((error: unknown) => {
          console.error('[collab] draft access check failed:', error);
          return null;
        });
      const reason = standing ? evictionReason(standing) : null;
      if (reason) closeRevoked(connection, reason);
    }
  }

  /** Applies a room's newly stored updates when this instance holds the room open (a REST write). */
  private async refreshRoom(name: string): Promise<void> {
    const document = this.instance?.documents.get(name);
    if (!document) return;
    await this.applyPending(document).catch((error: unknown) =>
      console.error("[collab] reading a room's stored updates failed:", error),
    );
  }

  private closeWhere(match: (user: AnyUser) => boolean, reason: string): void {
    for (const [connection, user] of [...this.connections()]) {
      if (match(user)) closeRevoked(connection, reason);
    }
  }

  /** Checks every open connection's access again (after the listener missed notifications). */
  private async recheckAll(): Promise<void> {
    for (const [connection, user] of [...this.connections()]) {
      const refusal = await this.repository
        .accessRefusal({
          userId: user.id,
          accountId: user.accountId,
          sessionId: user.sessionId,
          accessVersion: user.accessVersion,
        })
        .catch(() => null);
      if (refusal) closeRevoked(connection, refusal);
    }
    const drafts = [...this.connections()].filter(
      (entry): entry is [Connection, DraftUser] => 'submissionId' in entry[1],
    );
    await this.evictFromDrafts(drafts);
    for (const document of this.instance?.documents.values() ?? []) {
      if (parseDraftRoomName(document.name)) await this.refreshRoom(document.name);
    }
  }
}

/**
 * Closes a connection whose access went: the room connection (awareness removed, lock released
 * through onDisconnect) and its WebSocket, with ACCESS_REVOKED_CODE and the reason.
 */
export function closeRevoked(connection: Connection, reason: string): void {
  const event = { code: ACCESS_REVOKED_CODE, reason };
  connection.close(event);
  const socket = connection.webSocket as { close(code?: number, reason?: string): void };
  socket.close(event.code, event.reason);
}
