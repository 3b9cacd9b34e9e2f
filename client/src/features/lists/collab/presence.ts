import type { Presence } from './ListRoomClient';
import { cellKey } from './threads';

/** One person in the list now, however many tabs they have open (spec 02 §2 toolbar avatars). */
export interface RoomPerson {
  userId: number;
  name: string;
  color: string;
  isSelf: boolean;
}

/**
 * The people in the room, one entry per user (several tabs count once), the signed-in user
 * first, then the others by name.
 */
export function peopleInRoom(presence: readonly Presence[]): RoomPerson[] {
  const byUser = new Map<number, RoomPerson>();
  for (const p of presence) {
    const known = byUser.get(p.userId);
    if (known) {
      if (p.isSelf) known.isSelf = true;
      continue;
    }
    byUser.set(p.userId, { userId: p.userId, name: p.name, color: p.color, isSelf: p.isSelf });
  }
  return [...byUser.values()].sort((a, b) =>
    a.isSelf === b.isSelf ? a.name.localeCompare(b.name) : a.isSelf ? -1 : 1,
  );
}

/** Initials of a display name for an avatar ("Priya Shah" → "PS"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** The outline of a cell other people have selected: the first one's colour and everyone's names. */
export interface PresenceOutline {
  color: string;
  names: string[];
}

/**
 * Cells selected by others (issue 4: coloured outlines where collaborators are), keyed by
 * cellKey(columnId, rowNumber). The signed-in user's own tabs are left out.
 */
export function presenceOutlines(
  presence: readonly Presence[],
  selfUserId: number,
): Map<string, PresenceOutline> {
  const outlines = new Map<string, PresenceOutline>();
  for (const p of presence) {
    if (p.isSelf || p.userId === selfUserId || !p.cell) continue;
    const key = cellKey(p.cell.columnId, p.cell.rowNumber);
    const outline = outlines.get(key);
    if (!outline) outlines.set(key, { color: p.color, names: [p.name] });
    else if (!outline.names.includes(p.name)) outline.names.push(p.name);
  }
  return outlines;
}
