import type { RoomMessage } from '@nomen/shared';
import type { RoomCommandRequest, RoomStatus } from './ListRoomClient';

/** What the outbox needs from a room: its connection state and its command channel. */
export interface OutboxRoom {
  status(): RoomStatus;
  command(command: RoomCommandRequest): Promise<RoomMessage>;
}

/** A command written while offline, waiting for the connection (shown as "not sent yet"). */
export interface OutboxEntry {
  key: string;
  command: RoomCommandRequest;
}

/** The commands the outbox may hold back: the ones anyone writes in the comments (spec 02 §2; withdraw, issue 8 item 16). */
export type OutboxCommand = Extract<
  RoomCommandRequest,
  { type: 'comment.add' | 'suggestion.add' | 'comment.reply' | 'thread.resolve' | 'thread.withdraw' }
>;

/** Why a held command was dropped when the room cannot be joined at all. */
export const OUTBOX_FAILED_MESSAGE = 'Live collaboration is unavailable; this was not sent';

/**
 * Holds comments, suggestions, replies and resolutions written while the room is offline and
 * sends them, in order, once it is connected again (issue 4 §8: "your changes to comments will
 * be sent when the connection is back"). While connected a command goes straight out. Each
 * `send` resolves with the server's answer (ack or refusal), which is the only proof that a
 * comment was kept; when the room fails for good, held commands resolve as refused.
 */
export class CommandOutbox {
  private readonly waiting: { entry: OutboxEntry; resolve: (answer: RoomMessage) => void }[] = [];
  private readonly listeners = new Set<() => void>();
  private entries: readonly OutboxEntry[] = [];
  private flushing = false;
  private counter = 0;

  constructor(private readonly room: OutboxRoom) {}

  /** Sends now when connected, otherwise holds the command until `flush` finds the room connected. */
  send(command: OutboxCommand): Promise<RoomMessage> {
    const status = this.room.status();
    if (status === 'failed') {
      return Promise.resolve({ type: 'refused', id: null, reason: OUTBOX_FAILED_MESSAGE });
    }
    if (status === 'connected' && this.waiting.length === 0 && !this.flushing) {
      return this.room.command(command);
    }
    return new Promise((resolve) => {
      this.counter += 1;
      this.waiting.push({ entry: { key: `outbox-${this.counter}`, command }, resolve });
      this.publish();
    });
  }

  /**
   * Sends the held commands one after another while the room stays connected (call it on every
   * status change). A command whose answer was lost with the connection resolves as refused
   * (by the room client's timeout) and is not sent twice, since the server may have applied it.
   */
  async flush(): Promise<void> {
    if (this.flushing) return;
    const status = this.room.status();
    if (status === 'failed') {
      for (const { resolve } of this.waiting.splice(0)) {
        resolve({ type: 'refused', id: null, reason: OUTBOX_FAILED_MESSAGE });
      }
      this.publish();
      return;
    }
    this.flushing = true;
    try {
      while (this.waiting.length > 0 && this.room.status() === 'connected') {
        const next = this.waiting[0]!;
        // Checked connected just before: any refusal now is the server's or a lost answer.
        const answer = await this.room.command(next.entry.command);
        this.waiting.shift();
        this.publish();
        next.resolve(answer);
      }
    } finally {
      this.flushing = false;
    }
  }

  /** The commands held back, oldest first (a stable array between changes). */
  getEntries = (): readonly OutboxEntry[] => this.entries;

  /** Calls `listener` when the held commands change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private publish(): void {
    this.entries = this.waiting.map((w) => w.entry);
    for (const listener of this.listeners) listener();
  }
}
