import { AppError } from '@nomen/shared';

/**
 * Limits on what a request body may hold (ARCHITECTURE.md, "Limits on what comes in"; README
 * "Security"): the byte limit of each operation, the most items in one JSON array, counted as
 * the bytes arrive so a body of a million empty rows is refused before it is parsed, and how
 * many large bodies are read and worked at once.
 */

/** Bodies above this many bytes (or of unknown length on an operation that takes more) are large. */
export const LARGE_BODY_BYTES = 1024 * 1024;

/** "128 MB" for 128 × 2^20 bytes; whole megabytes where the limit is one, else one decimal. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** The 413 of a body over its operation's byte limit, naming the limit. */
export function bodyTooLarge(limit: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The request body is larger than the ${formatMegabytes(limit)} this operation accepts`,
  );
}

/** How many items one JSON array of a body may hold, and what the items are called in messages. */
export interface ArrayLimit {
  /** Most items in any one array of the body. */
  max: number;
  /** The items' name in the 413 message ("rows", "cells in a column"). */
  items: string;
}

/** The 413 of a body holding an array past its operation's limit, naming the limit. */
export function tooManyItems(limit: ArrayLimit): AppError {
  const max = limit.max.toLocaleString('en-US');
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The request body holds more than ${max} ${limit.items}; this operation accepts at most ${max}`,
  );
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * Counts the items of every JSON array in a body fed chunk by chunk, without building any
 * value: `push` answers false as soon as one array holds more than `max` items. It only counts;
 * malformed JSON is left to JSON.parse after the last chunk (strings are skipped honouring
 * escapes, so brackets and commas inside text do not count).
 */
export class JsonArrayCounter {
  /** Items so far per open container; -1 marks an object. */
  private readonly counts: number[] = [];
  private inString = false;
  private escaped = false;
  /** An array was just opened: its first non-blank byte decides whether it has an item. */
  private awaitingFirst = false;

  constructor(private readonly max: number) {}

  /** Feeds the next bytes; false when an array has gone past the limit. */
  push(chunk: Uint8Array): boolean {
    const counts = this.counts;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
        continue;
      }
      if (this.awaitingFirst && !isWhitespace(byte)) {
        this.awaitingFirst = false;
        if (byte !== CLOSE_ARRAY) counts[counts.length - 1] = 1;
      }
      switch (byte) {
        case QUOTE:
          this.inString = true;
          break;
        case OPEN_ARRAY:
          counts.push(0);
          this.awaitingFirst = true;
          break;
        case OPEN_OBJECT:
          counts.push(-1);
          break;
        case CLOSE_ARRAY:
        case CLOSE_OBJECT:
          counts.pop();
          break;
        case COMMA: {
          const top = counts.length - 1;
          if (top >= 0 && counts[top]! >= 0) {
            const count = counts[top]! + 1;
            counts[top] = count;
            if (count > this.max) return false;
          }
          break;
        }
      }
    }
    return true;
  }
}

/** The 503 of a request that found every place for large bodies taken and the queue full. */
export function serverBusy(): AppError {
  return new AppError(
    'BUSY',
    'The server is working on other large requests; send this one again in a few seconds',
  );
}

/**
 * At most `concurrency` large bodies read, parsed and worked at once in this process, so their
 * memory has a bound (README "Security", LARGE_BODY_CONCURRENCY); up to `queue` more wait their
 * turn, and the rest are refused at once (503 with Retry-After). A freed place goes to the
 * longest-waiting request of a sender (`key`, e.g. the user) who holds none, else to the
 * longest-waiting one, so one sender's flood of large bodies delays another's save by one body.
 */
export class LargeBodyGate {
  private active = 0;
  private readonly activeByKey = new Map<string, number>();
  private readonly waiting: { key: string; admit: () => void }[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /**
   * Waits for a place for a body of `key`'s sender. Resolves with a `release` to call once the
   * request is over (safe to call more than once; a waiter that gives up calls it too, which
   * also leaves the queue). Null when the queue is full.
   */
  enter(key = ''): { ready: Promise<void>; release: () => void } | null {
    if (this.active < this.concurrency) {
      this.take(key);
      return { ready: Promise.resolve(), release: this.releaser(key, () => true) };
    }
    if (this.waiting.length >= this.queue) return null;
    let admitted = false;
    let resolveReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      resolveReady = resolve;
    });
    const waiter = {
      key,
      admit: () => {
        admitted = true;
        resolveReady();
      },
    };
    this.waiting.push(waiter);
    return {
      ready,
      release: this.releaser(key, () => {
        if (admitted) return true;
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        return false;
      }),
    };
  }

  private take(key: string): void {
    this.active++;
    this.activeByKey.set(key, (this.activeByKey.get(key) ?? 0) + 1);
  }

  private releaser(key: string, held: () => boolean): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (!held()) return;
      this.active--;
      const left = (this.activeByKey.get(key) ?? 1) - 1;
      if (left > 0) this.activeByKey.set(key, left);
      else this.activeByKey.delete(key);
      const at = this.waiting.findIndex((w) => !this.activeByKey.has(w.key));
      const [next] = this.waiting.splice(at >= 0 ? at : 0, 1);
      if (!next) return;
      this.take(next.key);
      next.admit();
    };
  }
}
