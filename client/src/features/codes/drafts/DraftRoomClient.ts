import { HocuspocusProvider, type HocuspocusProviderConfiguration } from '@hocuspocus/provider';
import {
  AppError,
  DRAFT_ROOM_KEYS,
  type DraftCell,
  type DraftRoomMessage,
  draftRoomApi,
  type Thread,
} from '@nomen/shared';
import { DraftDoc, type DraftMeta, type DraftRow } from '@nomen/shared/draft-room';
import * as Y from 'yjs';
import { apiFetch } from '../../../api/apiFetch';
import { presenceColor } from '../../lists/collab/threads';
import {
  applyDraftCommands,
  type DraftCommandRequest,
  type DraftEditCommand,
  isEditCommand,
} from './draftRows';

import { splitDraftCommand } from './splitCommand';

export type { DraftCommandRequest } from './draftRows';

/** Connection state of a draft room, as the editor shows it. */
export type DraftRoomStatus = 'connecting' | 'connected' | 'offline' | 'failed';

/** Another connection in the draft (another person, or the same person in another tab). */
export interface DraftOther {
  clientId: number;
  user: { id: number; name: string; color: string };
  /** The cell they have selected. */
  cell: DraftCell | null;
  /** What they are typing into that cell before committing it (shown live to the others). */
  typing: string | null;
}

/**
 * Everything the draft editor renders from the room (contract between the draft grid and the
 * sharing and comments UI), replaced, never mutated, on each change.
 */
export interface DraftRoomSnapshot {
  status: DraftRoomStatus;
  /** Whether the room's state has arrived since the last (re)connect. */
  synced: boolean;
  /** Whether the room's state has arrived once (its rows are known; edits may start). */
  loaded: boolean;
  /** Why the room cannot be joined (with status 'failed'). */
  error: string | null;
  /** The room's rows with this client's edits not acknowledged yet applied on top. */
  rows: DraftRow[];
  /** Open, or closed by a submit (who, when, the submission's new status). */
  meta: DraftMeta;
  /** The room's threads (a cell thread names `metadata.rowId` and `metadata.columnId`). */
  threads: Thread[];
  /** The other connections in the room. */
  others: DraftOther[];
  /** Commands sent or queued but not acknowledged. */
  pending: number;
}

/** What a draft room client needs. */
export interface DraftRoomOptions {
  submissionId: number;
  /** Every message of the server (ack, refused, overwritten), after the command's promise settles. */
  onMessage?: (message: DraftRoomMessage) => void;
  /** The signed-in user, shown to the others (the collab server sets it from the token too). */
  user?: { id: number; name: string };
  /** Asks REST for a token (default: POST /submissions/:id/collab-token); called on every (re)connect. */
  fetchToken?: () => Promise<{ token: string; room: string; url: string | null }>;
  /** How long a sent command may wait for its answer, in ms (default 30 s). */
  commandTimeoutMs?: number;
  /** Makes the connection (default: a HocuspocusProvider; tests give a stand-in). */
  connect?: (configuration: HocuspocusProviderConfiguration) => DraftRoomConnection;
}

/** What the room client uses of its HocuspocusProvider. */
export type DraftRoomConnection = Pick<
  HocuspocusProvider,
  'awareness' | 'sendStateless' | 'setAwarenessField' | 'destroy'
>;

/** A command sent or waiting to be sent. */
interface PendingCommand {
  id: string;
  command: DraftCommandRequest;
  state: 'queued' | 'sent';
  resolve: (answer: { threadId?: string }) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

const OPEN_META: DraftMeta = { status: 'open', submissionStatus: null, closedByName: null, closedAt: null };
/** Why a comment sent just before the connection dropped is given up (it may have been kept). */
export const DROPPED_MESSAGE =
  'The connection dropped before the server answered; check whether it was kept.';
/** Why a command whose answer never came is given up. */
export const TIMEOUT_MESSAGE = 'The draft server did not answer in time; check the cells and try again.';

/** Whether two lists of others say the same (so the snapshot keeps its array and nothing re-renders). */
function sameOthers(a: readonly DraftOther[], b: readonly DraftOther[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i]!;
    return (
      x.clientId === y.clientId &&
      x.user.id === y.user.id &&
      x.user.name === y.user.name &&
      x.user.color === y.user.color &&
      x.typing === y.typing &&
      x.cell?.row === y.cell?.row &&
      x.cell?.field === y.cell?.field
    );
  });
}

function defaultUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/collab`;
}

/**
 * The browser's side of a shared draft's room (ARCHITECTURE.md, Live collaboration): joins it
 * read-only with a REST token through @hocuspocus/provider (reconnecting by itself with a fresh
 * token), exposes the rows, meta, threads and the others' presence as immutable snapshots for
 * useSyncExternalStore, and changes the draft only through commands. A row edit shows at once
 * (applied on top of the room's rows until acknowledged; taken back when refused). Commands sent
 * while offline wait and go out, in order, once the room has synced again; a row edit whose answer
 * the dropped connection lost is sent again (cells and removals are idempotent, and an insert whose
 * rows arrived with the sync counts as done), while a comment's is given up with DROPPED_MESSAGE.
 */
export class DraftRoomClient {
  private snapshot: DraftRoomSnapshot = {
    status: 'connecting',
    synced: false,
    loaded: false,
    error: null,
    rows: [],
    meta: OPEN_META,
    threads: [],
    others: [],
    pending: 0,
  };
  private readonly listeners = new Set<() => void>();
  private readonly queue: PendingCommand[] = [];
  private readonly doc = new Y.Doc();
  private readonly draft = new DraftDoc(this.doc);
  private readonly rowCache = new Map<string, DraftRow>();
  private roomRows: DraftRow[] = [];
  private isRoomDirty = true;
  private isMetaDirty = true;
  private isThreadsDirty = true;
  private provider: DraftRoomConnection | null = null;
  private frame = 0;
  private isDocScheduled = false;
  private everConnected = false;
  private destroyed = false;
  private isConnected = false;

  constructor(private readonly options: DraftRoomOptions) {
    this.draft.rowMap.observeDeep((events) => this.onRowEvents(events));
    this.draft.order.observe(() => {
      this.isRoomDirty = true;
    });
    this.doc.getMap(DRAFT_ROOM_KEYS.meta).observe(() => {
      this.isMetaDirty = true;
    });
    this.doc.getMap(DRAFT_ROOM_KEYS.threads).observe(() => {
      this.isThreadsDirty = true;
    });
    this.doc.on('update', () => this.scheduleDoc());
    void this.start();
  }

  /** The current snapshot (the same object until something changes). */
  getSnapshot = (): DraftRoomSnapshot => this.snapshot;

  /** Calls `listener` after every change of the snapshot; answers the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Sends a command: at once when the room is connected and synced, otherwise when it is again;
   * a large one goes in parts in order (splitDraftCommand: under the server's message limit).
   * Resolves when the server acknowledged it (with the new thread's id for `comment.add`); rejects
   * with Error(reason) when refused, when no answer came in time, or (a comment only) when the
   * connection dropped before the answer.
   */
  send(command: DraftCommandRequest): Promise<{ threadId?: string }> {
    const parts = splitDraftCommand(command);
    if (parts.length === 1) return this.sendPart(command);
    return Promise.all(parts.map((part) => this.sendPart(part))).then(() => ({}));
  }

  /** Queues one command of at most DRAFT_COMMAND_PART_CHARS (see send). */
  private sendPart(command: DraftCommandRequest): Promise<{ threadId?: string }> {
    return new Promise((resolve, reject) => {
      const entry: PendingCommand = {
        id: crypto.randomUUID(),
        command,
        state: 'queued',
        resolve,
        reject,
        timer: null,
      };
      this.queue.push(entry);
      if (this.isReady()) this.transmit(entry);
      this.publishPending(isEditCommand(command));
    });
  }

  /** Shares the selected cell and what is being typed into it (null: nothing) with the others. */
  setPresence(presence: { cell: DraftCell | null; typing: string | null }): void {
    const awareness = this.provider?.awareness;
    if (!awareness) return;
    const state = awareness.getLocalState() ?? {};
    awareness.setLocalState({ ...state, cell: presence.cell, typing: presence.typing });
  }

  /** Leaves the room (the others see this connection go). */
  destroy(): void {
    this.destroyed = true;
    cancelAnimationFrame(this.frame);
    for (const entry of this.queue) if (entry.timer) clearTimeout(entry.timer);
    this.queue.length = 0;
    this.provider?.destroy();
    this.doc.destroy();
    this.listeners.clear();
  }

  private async start(): Promise<void> {
    const fetchToken =
      this.options.fetchToken ??
      (() => apiFetch(draftRoomApi.token, { params: { id: this.options.submissionId } }));
    let first: { token: string; room: string; url: string | null };
    try {
      first = await fetchToken();
    } catch (error) {
      if (!this.destroyed) this.fail(error instanceof Error ? error.message : String(error));
      return;
    }
    if (this.destroyed) return;
    let firstToken: string | null = first.token;
    const connect = this.options.connect ?? ((configuration) => new HocuspocusProvider(configuration));
    this.provider = connect({
      url: first.url ?? defaultUrl(),
      name: first.room,
      document: this.doc,
      token: async () => {
        const token = firstToken ?? (await this.retriedToken(fetchToken));
        firstToken = null;
        return token;
      },
      onStatus: ({ status }) => this.onStatus(status),
      onSynced: ({ state }) => this.onSynced(state),
      onAuthenticationFailed: ({ reason }) => this.fail(`Could not join the draft: ${reason}`),
      onStateless: ({ payload }) => this.receive(payload),
      onAwarenessChange: () => this.schedule(),
    });
    const user = this.options.user;
    if (user) this.provider.setAwarenessField('user', { ...user, color: presenceColor(user.id) });
  }

  /**
   * A new token for a reconnect, asked again (1, 2, 4 … up to 10 s apart) while the server cannot
   * be reached or answers 5xx, so a person whose network or server comes back rejoins by
   * themselves; a refusal (4xx: no longer in the draft, signed out) is thrown at once and ends the
   * room (onAuthenticationFailed).
   */
  private async retriedToken(fetchToken: () => Promise<{ token: string }>): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await fetchToken()).token;
      } catch (error) {
        const isRefusal = error instanceof AppError && error.status < 500;
        if (isRefusal || this.destroyed) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 1000 * 2 ** attempt)));
      }
    }
  }

  private isReady(): boolean {
    return this.isConnected && this.snapshot.synced && this.provider !== null;
  }

  private fail(error: string): void {
    for (const entry of this.queue.splice(0)) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.reject(new Error(error));
    }
    this.update({ status: 'failed', error, pending: 0 });
    this.refreshRows();
  }

  private onStatus(status: string): void {
    this.isConnected = status === 'connected';
    if (this.isConnected) this.everConnected = true;
    if (this.snapshot.status === 'failed') return;
    if (!this.isConnected) this.requeueSent();
    const next: DraftRoomStatus = this.isConnected
      ? 'connected'
      : this.everConnected
        ? 'offline'
        : 'connecting';
    this.update({ status: next, synced: this.isConnected && this.snapshot.synced });
  }

  private onSynced(state: boolean): void {
    const synced = state && this.isConnected;
    this.update({ synced, loaded: this.snapshot.loaded || synced, error: null });
    this.refreshRows();
    if (this.isReady()) this.flush();
  }

  /** A dropped connection lost the answers of what was sent: edits go again, comments are given up. */
  private requeueSent(): void {
    let changed = false;
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const entry = this.queue[i]!;
      if (entry.state !== 'sent') continue;
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      if (isEditCommand(entry.command)) entry.state = 'queued';
      else {
        this.queue.splice(i, 1);
        entry.reject(new Error(DROPPED_MESSAGE));
        changed = true;
      }
    }
    if (changed) this.publishPending(false);
  }

  /** Sends what waited, oldest first; an insert whose rows the room already holds is done. */
  private flush(): void {
    for (let i = 0; i < this.queue.length; ) {
      const entry = this.queue[i]!;
      if (entry.state === 'sent') {
        i++;
        continue;
      }
      const command = entry.command;
      if (command.type === 'rows.insert' && command.rows.every((r) => this.draft.hasRow(r.id))) {
        this.queue.splice(i, 1);
        entry.resolve({});
        continue;
      }
      this.transmit(entry);
      i++;
    }
    this.publishPending(true);
  }

  private transmit(entry: PendingCommand): void {
    entry.state = 'sent';
    entry.timer = setTimeout(
      () => this.settle(entry.id, new Error(TIMEOUT_MESSAGE)),
      this.options.commandTimeoutMs ?? 30_000,
    );
    this.provider!.sendStateless(JSON.stringify({ ...entry.command, id: entry.id }));
  }

  /** Ends a command: resolved with the ack's answer, or rejected with `error`. */
  private settle(id: string, outcome: Error | { threadId?: string }): void {
    const at = this.queue.findIndex((e) => e.id === id);
    if (at < 0) return;
    const [entry] = this.queue.splice(at, 1);
    if (entry!.timer) clearTimeout(entry!.timer);
    if (outcome instanceof Error) entry!.reject(outcome);
    else entry!.resolve(outcome);
    this.publishPending(isEditCommand(entry!.command));
  }

  private receive(payload: string): void {
    let message: DraftRoomMessage;
    try {
      message = JSON.parse(payload) as DraftRoomMessage;
    } catch {
      return;
    }
    if (message.type === 'ack')
      this.settle(message.id, message.threadId ? { threadId: message.threadId } : {});
    else if (message.type === 'refused' && message.id) this.settle(message.id, new Error(message.reason));
    this.options.onMessage?.(message);
  }

  private onRowEvents(events: Y.YEvent<Y.AbstractType<unknown>>[]): void {
    this.isRoomDirty = true;
    for (const event of events) {
      if (event.path.length > 0) this.rowCache.delete(String(event.path[0]));
      else for (const key of event.changes.keys.keys()) this.rowCache.delete(key);
    }
  }

  /** The room's rows in order, each row's object kept while it does not change. */
  private readRoomRows(): DraftRow[] {
    if (!this.isRoomDirty) return this.roomRows;
    const rows: DraftRow[] = [];
    for (const id of this.draft.order.toArray()) {
      let row = this.rowCache.get(id);
      if (!row) {
        const map = this.draft.rowMap.get(id);
        if (!map) continue;
        row = { id, cells: map.toJSON() as Record<string, string> };
        this.rowCache.set(id, row);
      }
      rows.push(row);
    }
    this.roomRows = rows;
    this.isRoomDirty = false;
    return rows;
  }

  /** The rows shown: the room's with the edits not acknowledged yet on top. */
  private refreshRows(): void {
    const edits = this.queue.map((e) => e.command).filter(isEditCommand) as DraftEditCommand[];
    const rows = applyDraftCommands(this.readRoomRows(), edits) as DraftRow[];
    if (rows !== this.snapshot.rows) this.update({ rows });
  }

  private publishPending(rowsChanged: boolean): void {
    if (this.destroyed) return;
    if (rowsChanged) this.refreshRows();
    if (this.snapshot.pending !== this.queue.length) this.update({ pending: this.queue.length });
  }

  /**
   * Publishes a change of the document right after the update that made it (one snapshot per
   * update, not per frame: an edit by someone else is painted in the frame after it arrives).
   * Only what the update changed is read again: the rows it touched, the meta, the threads.
   */
  private scheduleDoc(): void {
    if (this.isDocScheduled || this.destroyed) return;
    this.isDocScheduled = true;
    queueMicrotask(() => {
      this.isDocScheduled = false;
      if (this.destroyed) return;
      this.refreshRows();
      const meta = this.readMeta();
      const threads = this.readThreads();
      if (meta !== this.snapshot.meta || threads !== this.snapshot.threads) this.update({ meta, threads });
    });
  }

  /** Coalesces awareness changes (the others' selected cells and typing) into one snapshot per frame. */
  private schedule(): void {
    if (this.frame || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.destroyed) return;
      const others = this.readOthers();
      if (others !== this.snapshot.others) this.update({ others });
    });
  }

  private readThreads(): Thread[] {
    if (!this.isThreadsDirty) return this.snapshot.threads;
    this.isThreadsDirty = false;
    return this.draft.threads();
  }

  private readMeta(): DraftMeta {
    if (!this.isMetaDirty) return this.snapshot.meta;
    this.isMetaDirty = false;
    const meta = this.draft.meta();
    const was = this.snapshot.meta;
    const isSame =
      meta.status === was.status &&
      meta.submissionStatus === was.submissionStatus &&
      meta.closedByName === was.closedByName &&
      meta.closedAt === was.closedAt;
    return isSame ? was : meta;
  }

  private readOthers(): DraftOther[] {
    const awareness = this.provider?.awareness;
    if (!awareness) return [];
    const others: DraftOther[] = [];
    for (const [clientId, state] of awareness.getStates()) {
      if (clientId === awareness.clientID) continue;
      const s = state as {
        user?: { id: number; name: string; color?: string };
        cell?: DraftCell | null;
        typing?: string | null;
      };
      if (!s.user) continue;
      others.push({
        clientId,
        user: { id: s.user.id, name: s.user.name, color: s.user.color ?? presenceColor(s.user.id) },
        cell: s.cell ?? null,
        typing: typeof s.typing === 'string' ? s.typing : null,
      });
    }
    return sameOthers(this.snapshot.others, others) ? this.snapshot.others : others;
  }

  private update(changes: Partial<DraftRoomSnapshot>): void {
    if (this.destroyed) return;
    this.snapshot = { ...this.snapshot, ...changes };
    for (const listener of this.listeners) listener();
  }
}
