import type {
  afterLoadDocumentPayload,
  Document,
  Extension,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import { parseDraftRoomName, parseRoomName } from '@nomen/shared';
import * as Y from 'yjs';
import type { CollabRepository, RoomOwner } from '../collab.repository';

/** Origin of updates read back from PostgreSQL into a room (never stored again as new). */
const STORAGE_ORIGIN = { source: 'local' as const, storage: true };

/** Applies a stored state or update, in Yjs update format v2 or (older rows) v1. */
function applyStored(doc: Y.Doc, update: Uint8Array): void {
  try {
    Y.applyUpdateV2(doc, update, STORAGE_ORIGIN);
  } catch {
    Y.applyUpdate(doc, update, STORAGE_ORIGIN);
  }
}

/** How often a draft room with people in it is compacted at most (see isDraftCompactionDue). */
const DRAFT_COMPACTION_INTERVAL_MS = 60_000;

/**
 * A draft room's new stored state from what is stored alone: its stored state and appended
 * updates folded in a scratch Y.Doc. Used while the live document may hold a command applied but
 * not yet stored (and so possibly refused and taken back: a refused command changes nothing, in
 * memory or stored). About five times the cost of encoding the live document (a 5,000-row room:
 * ~120-240 ms against ~20-35 ms on a busy machine).
 */
function mergeStored(state: Uint8Array | null, updates: readonly Uint8Array[]): Uint8Array {
  const doc = new Y.Doc();
  try {
    if (state) applyStored(doc, state);
    for (const update of updates) applyStored(doc, update);
    return Y.encodeStateAsUpdateV2(doc);
  } finally {
    doc.destroy();
  }
}

/** The room a name stands for, with its owner (a list or a shared draft's submission), or null. */
function roomOwnerOf(name: string): RoomOwner | null {
  const list = parseRoomName(name);
  if (list) return { name, listId: list.listId };
  const draft = parseDraftRoomName(name);
  if (draft) return { name, submissionId: draft.submissionId };
  return null;
}

/**
 * Persists each room's Y.Doc in PostgreSQL (ARCHITECTURE.md, Live collaboration), in Yjs's
 * compact update format v2. Acknowledged commands are already stored, each as its own update in
 * `collab_updates`, before their ack (CommandsExtension, issue 8 item 10); this extension loads
 * the room as its compacted state plus those updates, and on Hocuspocus's debounced store folds
 * the updates into `collab_documents` and deletes them (CollabRepository.compactDocument), which
 * also stores what was never acknowledged (a released lock on disconnect). A state stored by
 * another instance since this one last read it is merged, not overwritten. A room loaded with
 * appended updates (its last process died before storing) is compacted right after loading.
 * Rooms of a deleted list are not written back. Draft rooms (a shared submission draft) load the
 * same way; their compaction stores only what is stored already (the live document when no
 * command is in flight, else `mergeStored`), at most once a minute
 * while people are in the room and always as it empties, and writes only while the submission
 * exists, is shared and the room has a stored state (the REST server seeds it; this server never
 * does, so a room without one stays empty).
 */
export class PersistenceExtension implements Extension {
  /** The `updated_at` marker of each loaded room's stored state as this instance last saw it. */
  private readonly storedAt = new Map<string, string | null>();
  /** Rooms loaded with appended updates, compacted once loaded. */
  private readonly toCompact = new Set<string>();
  /** When each loaded draft room was last compacted (ms since the epoch). */
  private readonly draftCompactedAt = new Map<string, number>();

  /**
   * `isDraftSettled(name)`: whether every change in a draft room's live document on this instance
   * is stored (no command in flight; DraftCommandsExtension.isSettled). Leave it out when other
   * instances share rooms through Redis: their commands reach the live document before they are
   * stored.
   */
  constructor(
    private readonly repository: CollabRepository,
    private readonly isDraftSettled: (name: string) => boolean = () => false,
  ) {}

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const stored = await this.repository.loadDocument(documentName);
    this.storedAt.set(documentName, stored.storedAt);
    if (stored.state) applyStored(document, stored.state);
    for (const update of stored.updates) applyStored(document, update);
    if (stored.updates.length > 0) this.toCompact.add(documentName);
  }

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload): Promise<void> {
    if (!this.toCompact.delete(documentName)) return;
    await this.onStoreDocument({ documentName, document } as onStoreDocumentPayload).catch((error: unknown) =>
      console.error('[collab] compaction on load failed:', error),
    );
  }

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const room = roomOwnerOf(documentName);
    if (!room) return;
    const isDraft = 'submissionId' in room;
    if (isDraft && !this.isDraftCompactionDue(documentName, document.getConnectionsCount())) return;
    const storedAt = await this.repository.compactDocument(
      room,
      this.storedAt.get(documentName) ?? null,
      (stored, updates) => {
        if (stored?.isForeign) applyStored(document, stored.state);
        for (const update of updates) applyStored(document, update);
        // A draft room's live document holds only stored changes when no command is in flight
        // (checked now, in the same turn as the encoding); else fold what is stored.
        return isDraft && !this.isDraftSettled(documentName)
          ? mergeStored(stored?.state ?? null, updates)
          : Y.encodeStateAsUpdateV2(document);
      },
    );
    if (storedAt) this.storedAt.set(documentName, storedAt);
  }

  /**
   * Whether a draft room's compaction runs now: always once nobody is connected (the room is
   * about to unload), else at most once per DRAFT_COMPACTION_INTERVAL_MS. Its acknowledged
   * changes are all in `collab_updates` already, so compaction only bounds how many a load
   * applies, and a busy room need not rebuild its state from PostgreSQL every 10 s.
   */
  private isDraftCompactionDue(name: string, connections: number): boolean {
    const now = Date.now();
    if (connections > 0 && now - (this.draftCompactedAt.get(name) ?? 0) < DRAFT_COMPACTION_INTERVAL_MS)
      return false;
    this.draftCompactedAt.set(name, now);
    return true;
  }

  /**
   * Applies to a room this instance holds what was stored for it elsewhere (a `{"room"}` notice:
   * a REST save merged into a shared draft, a submit's "closed" meta): the pending updates, and
   * the stored state when another instance compacted since. They are applied with the storage
   * origin (already stored, so not appended again; applying twice is harmless in Yjs), and
   * Hocuspocus broadcasts them to the room's clients.
   */
  async applyPending(document: Document): Promise<void> {
    const known = this.storedAt.get(document.name) ?? null;
    const pending = await this.repository.pendingOf(document.name, known);
    if (pending.state) {
      applyStored(document, pending.state);
      this.storedAt.set(document.name, pending.storedAt);
    }
    for (const update of pending.updates) applyStored(document, update);
  }

  async afterUnloadDocument({ documentName }: { documentName: string }): Promise<void> {
    this.storedAt.delete(documentName);
    this.toCompact.delete(documentName);
    this.draftCompactedAt.delete(documentName);
  }
}
