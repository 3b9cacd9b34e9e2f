import { HocuspocusProvider } from '@hocuspocus/provider';
import {
  type LockState,
  ROOM_KEYS,
  type RoomCommandInput,
  type RoomMessage,
  type Thread,
} from '@nomen/shared';
import * as Y from 'yjs';
import { presenceColor } from './threads';

/** Connection state of a list room as the editor shows it (issue 4 §8). */
export type RoomStatus = 'connecting' | 'connected' | 'offline' | 'failed';

/** One person in the room (issue 4 §6): who, their colour and the cell they have selected. */
export interface Presence {
  clientId: number;
  userId: number;
  name: string;
  color: string;
  cell: { columnId: number; rowNumber: number } | null;
  isSelf: boolean;
}

/** Everything the editor renders from the room, replaced (never mutated) on each change. */
export interface RoomSnapshot {
  status: RoomStatus;
  synced: boolean;
  error: string | null;
  threads: Thread[];
  lock: LockState;
  presence: Presence[];
}

/** A command without its id: the client adds one to pair the answer. */
export type RoomCommandRequest = RoomCommandInput extends infer C
  ? C extends unknown
    ? Omit<C, 'id'>
    : never
  : never;

/** What a room client needs from the app. */
export interface ListRoomOptions {
  /** Asks REST for a fresh token (called on every connect and reconnect). */
  fetchToken: () => Promise<{ token: string; room: string; url: string | null }>;
  user: { id: number; name: string };
  /** Called when an approver saved the list: the editor reloads it (spec 02 §4 REFETCH). */
  onRefetch: (by: string) => void;
}

const NO_LOCK: LockState = { isLocked: false, lockedBy: null, lockedByName: null, lockedAt: null };
const COMMAND_TIMEOUT_MS = 10_000;

function defaultUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/collab`;
}

/**
 * The browser's side of a list room (ARCHITECTURE.md, Live collaboration): connects with a REST
 * token through @hocuspocus/provider, reconnects by itself (with a fresh token), exposes the
 * room's threads, lock and presence as immutable snapshots, and sends commands whose answer
 * (ack or refusal with a reason) it resolves. The document is read-only for clients: every
 * change goes through `command`.
 */
export class ListRoomClient {
  private snapshot: RoomSnapshot = {
    status: 'connecting',
    synced: false,
    error: null,
    threads: [],
    lock: NO_LOCK,
    presence: [],
  };
  private readonly listeners = new Set<() => void>();
  private readonly pending = new Map<
    string,
    { resolve: (m: RoomMessage) => void; timer: ReturnType<typeof setTimeout> }
  >();
  private provider: HocuspocusProvider | null = null;
  private readonly doc = new Y.Doc();
  private frame = 0;
  private everConnected = false;
  private destroyed = false;

  constructor(private readonly options: ListRoomOptions) {}

  /** Fetches the first token to learn the room and URL, then connects. */
  async start(): Promise<void> {
    let first: { token: string; room: string; url: string | null };
    try {
      first = await this.options.fetchToken();
    } catch (error) {
      this.update({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (this.destroyed) return;
    let firstToken: string | null = first.token;
    this.provider = new HocuspocusProvider({
      url: first.url ?? defaultUrl(),
      name: first.room,
      document: this.doc,
      token: async () => {
        if (firstToken) {
          const token = firstToken;
          firstToken = null;
          return token;
        }
        return (await this.options.fetchToken()).token;
      },
      onStatus: ({ status }) => {
        if (status === 'connected') this.everConnected = true;
        const next: RoomStatus =
          status === 'connected' ? 'connected' : this.everConnected ? 'offline' : 'connecting';
        this.update({ status: next });
      },
      onSynced: () => this.update({ synced: true, error: null }),
      onAuthenticationFailed: ({ reason }) =>
        this.update({ status: 'failed', error: `Could not join the review: ${reason}` }),
      onStateless: ({ payload }) => this.receive(payload),
      onAwarenessChange: () => this.schedule(),
    });
    this.provider.setAwarenessField('user', {
      id: this.options.user.id,
      name: this.options.user.name,
      color: presenceColor(this.options.user.id),
    });
    this.doc.on('update', () => this.schedule());
  }

  /** The current snapshot (stable between changes, for useSyncExternalStore). */
  getSnapshot = (): RoomSnapshot => this.snapshot;

  /** Calls `listener` after every change of the snapshot; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Sends a command and resolves with the server's answer: `ack` (with a thread id for new
   * threads) or `refused` with the reason; a refusal is also answered when the server does not
   * reply within 10 s or the room is not connected.
   */
  command(command: RoomCommandRequest): Promise<RoomMessage> {
    const id = crypto.randomUUID();
    if (!this.provider || this.snapshot.status !== 'connected') {
      return Promise.resolve({
        type: 'refused',
        id,
        reason: 'Not connected to the review; try again when back online',
      });
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ type: 'refused', id, reason: 'The review server did not answer; try again' });
      }, COMMAND_TIMEOUT_MS);
      this.pending.set(id, { resolve, timer });
      this.provider!.sendStateless(JSON.stringify({ ...command, id }));
    });
  }

  /** Shares the selected cell with the others (presence outline, issue 4 §6). */
  setSelectedCell(cell: { columnId: number; rowNumber: number } | null): void {
    this.provider?.setAwarenessField('cell', cell);
  }

  /** Leaves the room: the connection closes (which also releases a lock this user held). */
  destroy(): void {
    this.destroyed = true;
    cancelAnimationFrame(this.frame);
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.provider?.destroy();
    this.doc.destroy();
    this.listeners.clear();
  }

  private receive(payload: string): void {
    let message: RoomMessage;
    try {
      message = JSON.parse(payload) as RoomMessage;
    } catch {
      return;
    }
    if (message.type === 'refetch') {
      this.options.onRefetch(message.by);
      return;
    }
    if (message.id && this.pending.has(message.id)) {
      const { resolve, timer } = this.pending.get(message.id)!;
      clearTimeout(timer);
      this.pending.delete(message.id);
      resolve(message);
    }
  }

  /** Coalesces document and awareness changes into one snapshot per frame. */
  private schedule(): void {
    if (this.frame || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.update(this.read());
    });
  }

  private read(): Partial<RoomSnapshot> {
    const threads = [...this.doc.getMap<Thread>(ROOM_KEYS.threads).values()];
    const lockMap = this.doc.getMap(ROOM_KEYS.lock);
    const lockedBy = (lockMap.get('lockedBy') as number | undefined) ?? null;
    const lock: LockState =
      lockedBy === null
        ? NO_LOCK
        : {
            isLocked: true,
            lockedBy,
            lockedByName: (lockMap.get('lockedByName') as string | undefined) ?? null,
            lockedAt: (lockMap.get('lockedAt') as string | undefined) ?? null,
          };
    const self = this.provider?.awareness?.clientID;
    const presence: Presence[] = [];
    for (const [clientId, state] of this.provider?.awareness?.getStates() ?? []) {
      const user = (state as { user?: { id: number; name: string; color: string } }).user;
      if (!user) continue;
      presence.push({
        clientId,
        userId: user.id,
        name: user.name,
        color: user.color,
        cell: (state as { cell?: Presence['cell'] }).cell ?? null,
        isSelf: clientId === self,
      });
    }
    return { threads, lock, presence };
  }

  private update(changes: Partial<RoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...changes };
    for (const listener of this.listeners) listener();
  }
}
