import { LOCK_RENEW_INTERVAL_MS, type LockState } from '@nomen/shared';
import { formatDateTime, formatTime } from '../../../ui/formatTimestamp';

/** How long to wait before asking again after a lock.take was refused or the lock released (ms). */
export const LOCK_RETRY_MS = 5000;

/** What this page remembers about its own lock requests. */
export interface LockRequestState {
  /** A lock.take is on its way. */
  inFlight: boolean;
  /** When this page last had a lock.take acknowledged (ms since epoch). */
  lastTakenAt: number | null;
  /** When a lock.take was last refused, or this page released the lock after a save. */
  pausedAt: number | null;
}

/** No request made yet. */
export const INITIAL_LOCK_REQUESTS: LockRequestState = { inFlight: false, lastTakenAt: null, pausedAt: null };

/** Who holds the lock, from one user's point of view (spec 02 §2 lock icon, §4 review mode). */
export function lockHolder(lock: LockState, userId: number): 'none' | 'me' | 'other' {
  if (!lock.isLocked) return 'none';
  return lock.lockedBy === userId ? 'me' : 'other';
}

/**
 * Whether pointer or keyboard activity over the table or the panel should send lock.take
 * (spec 02 §4: the lock is taken when an approver moves the mouse over the table or panel, and
 * renewed every LOCK_RENEW_INTERVAL_MS while they stay active). Only approvers, only while
 * connected, never over someone else's lock, one request at a time, and not again within
 * LOCK_RETRY_MS of a refusal or of releasing it after a save.
 */
export function shouldTakeLock(input: {
  isApprover: boolean;
  isConnected: boolean;
  lock: LockState;
  userId: number;
  now: number;
  requests: LockRequestState;
}): boolean {
  const { isApprover, isConnected, lock, userId, now, requests } = input;
  if (!isApprover || !isConnected || requests.inFlight) return false;
  const holder = lockHolder(lock, userId);
  if (holder === 'other') return false;
  if (holder === 'me') {
    return requests.lastTakenAt === null || now - requests.lastTakenAt >= LOCK_RENEW_INTERVAL_MS;
  }
  return requests.pausedAt === null || now - requests.pausedAt >= LOCK_RETRY_MS;
}

/**
 * The words of the header's lock icon (spec 02 §2: a lock icon with tooltip in the header card):
 * "Locked by Priya Shah since 3:04pm" today, with the date ("since Jan 5, 2024 3:04pm") before;
 * times in the toolbar's format (issue 8 item 23).
 */
export function lockLabel(
  lock: LockState,
  userId: number,
  now = new Date(),
  timeZone?: string,
): string | null {
  const holder = lockHolder(lock, userId);
  if (holder === 'none') return null;
  if (holder === 'me') return 'You are reviewing this list';
  const name = lock.lockedByName ?? 'Someone';
  if (!lock.lockedAt) return `Locked by ${name}`;
  const at = new Date(lock.lockedAt);
  const day = (d: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeZone }).format(d);
  const isToday = day(at) === day(now);
  // The one time format of the product (issue 8 item 23), as in the toolbar's "Last saved".
  const when = isToday
    ? formatTime(lock.lockedAt, { timeZone })
    : formatDateTime(lock.lockedAt, { timeZone });
  return `Locked by ${name} since ${when}`;
}
