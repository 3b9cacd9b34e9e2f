import type { Connection, Extension, Hocuspocus } from '@hocuspocus/server';
import type { DbHandle } from '@nomen/shared/db';
import type { CollabRepository } from '../collab.repository';
import type { RoomContext, RoomUser } from '../list-room/room-context';

/** The NOTIFY channel the database triggers of migration 0004_collab_access write to. */
export const ACCESS_CHANNEL = 'nomen_collab';

/** WebSocket close code for a connection whose access went away (4403, as Hocuspocus's Forbidden). */
export const ACCESS_REVOKED_CODE = 4403;

/** A NOTIFY payload on ACCESS_CHANNEL: one user's access changed, a session ended, or a list went. */
type AccessNotice = { user: number } | { session: string } | { list: number };

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
 */
export class AccessExtension implements Extension {
  private instance: Hocuspocus | null = null;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly repository: CollabRepository,
    private readonly listen: DbHandle['listen'] | undefined,
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
      this.closeWhere((user) => user.listId === notice.list, 'This list has been deleted');
    }
  }

  /** Every open list-room connection with its user. */
  private *connections(): Generator<[Connection, RoomUser]> {
    for (const document of this.instance?.documents.values() ?? []) {
      for (const connection of document.connections.keys()) {
        const user = (connection.context as RoomContext | undefined)?.user;
        if (user) yield [connection, user];
      }
    }
  }

  private closeWhere(match: (user: RoomUser) => boolean, reason: string): void {
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
