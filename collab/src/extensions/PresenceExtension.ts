import type { beforeHandleAwarenessPayload, Extension } from '@hocuspocus/server';
import { type DraftPresence, draftCellSchema, SUBMISSION_MAX_VALUE_LENGTH } from '@nomen/shared';
import { type DraftContext, isDraftContext } from '../draft-room/draft-context';
import type { RoomContext } from '../list-room/room-context';

/** Colours of presence avatars when the client offers none usable. */
const PALETTE = ['#e8590c', '#1c7ed6', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#d6336c', '#5c940d'];

/** A presence colour: `#rrggbb` as the client chose it, or one of the palette by user id. */
function colourOf(offered: unknown, userId: number): string {
  return typeof offered === 'string' && /^#[0-9a-fA-F]{6}$/.test(offered)
    ? offered
    : PALETTE[userId % PALETTE.length]!;
}

/** The selected cell of a presence state when well formed (column id and row number), else null. */
function cellOf(offered: unknown): { columnId: number; rowNumber: number } | null {
  const cell = offered as { columnId?: unknown; rowNumber?: unknown } | null;
  if (!cell || typeof cell !== 'object') return null;
  const { columnId, rowNumber } = cell;
  if (!Number.isInteger(columnId) || !Number.isInteger(rowNumber)) return null;
  if ((columnId as number) < 1 || (rowNumber as number) < 0 || (rowNumber as number) > 9999) return null;
  return { columnId: columnId as number, rowNumber: rowNumber as number };
}

/** Longest live typing a draft presence relays, in characters (a cell's longest value). */
const TYPING_MAX_LENGTH = SUBMISSION_MAX_VALUE_LENGTH;

/**
 * A draft room's presence fields (shared `DraftPresence`): the selected cell when well formed
 * (row id and template field id), and what is being typed into it (a string of at most a cell's
 * length, only with a cell; else null).
 */
function draftFieldsOf(state: Record<string, unknown>): Pick<DraftPresence, 'cell' | 'typing'> {
  const parsed = draftCellSchema.safeParse(state.cell);
  const cell = parsed.success ? { row: parsed.data.row, field: parsed.data.field } : null;
  const typing =
    cell && typeof state.typing === 'string' && state.typing.length <= TYPING_MAX_LENGTH
      ? state.typing
      : null;
  return { cell, typing };
}

/**
 * Whether a connection of the room other than `connection` already owns Yjs client id `clientId`.
 * Asked only for client ids the sending connection does not own yet (its first state, a new tab):
 * a renewal, the common message, costs no walk over the room (issue 14 item 2).
 */
function isOwnedByAnother(
  connections: beforeHandleAwarenessPayload['document']['connections'],
  connection: unknown,
  clientId: number,
): boolean {
  for (const [other, entry] of connections) {
    if (other !== connection && entry.clients.has(clientId)) return true;
  }
  return false;
}

/**
 * Presence that cannot be faked (issue 8 item 9): rewrites every awareness state a connection
 * sends before it is applied and relayed. `user.id` and `user.name` come from the connection's
 * verified token, whatever the client wrote; only a `#rrggbb` colour and a well-formed selected
 * cell are taken from the client (in a draft room, shared `DraftPresence`: the cell as row id
 * and template field id, and the text being typed into it), and any other field is dropped. States for a Yjs client id
 * that another connection of the room already owns are dropped, so nobody can overwrite or
 * impersonate someone else's presence. Updates that come from no connection (Redis, the server)
 * pass unchanged.
 */
export class PresenceExtension implements Extension {
  async beforeHandleAwareness({
    connection,
    context,
    document,
    states,
  }: beforeHandleAwarenessPayload<RoomContext | DraftContext>): Promise<void> {
    if (!connection) return;
    // The connection left the room while its message waited for its turn (a tab closed as it
    // opened: its first presence, then the close). Applied now, its states would have no
    // connection left to remove them and would stay as ghosts until the 30 s timeout. Nothing
    // but microtasks runs between the awareness hooks and the apply, so no close can come between.
    if (!document.connections.has(connection)) {
      states.clear();
      return;
    }
    const user = context?.user;
    const own = document.connections.get(connection)?.clients;
    for (const [clientId, state] of [...states]) {
      if (!user || (!own?.has(clientId) && isOwnedByAnother(document.connections, connection, clientId))) {
        states.delete(clientId);
        continue;
      }
      const offered = (state.user ?? {}) as { color?: unknown };
      const who = { id: user.id, name: user.name, color: colourOf(offered.color, user.id) };
      states.set(
        clientId,
        isDraftContext(context)
          ? { user: who, ...draftFieldsOf(state) }
          : { user: who, cell: cellOf(state.cell) },
      );
    }
  }
}
