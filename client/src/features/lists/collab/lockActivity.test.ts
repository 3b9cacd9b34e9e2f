import { LOCK_RENEW_INTERVAL_MS, type LockState } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../ui/formatTimestamp';
import { INITIAL_LOCK_REQUESTS, LOCK_RETRY_MS, lockHolder, lockLabel, shouldTakeLock } from './lockActivity';

const free: LockState = { isLocked: false, lockedBy: null, lockedByName: null, lockedAt: null };
const lockedBy = (id: number): LockState => ({
  isLocked: true,
  lockedBy: id,
  lockedByName: id === 1 ? 'Priya Shah' : 'Alex Morgan',
  lockedAt: '2026-11-21T10:00:00Z',
});
const base = {
  isApprover: true,
  isConnected: true,
  lock: free,
  userId: 1,
  now: 1_000_000,
  requests: INITIAL_LOCK_REQUESTS,
};

describe('lockHolder', () => {
  it('tells nobody, me and someone else apart', () => {
    expect(lockHolder(free, 1)).toBe('none');
    expect(lockHolder(lockedBy(1), 1)).toBe('me');
    expect(lockHolder(lockedBy(2), 1)).toBe('other');
  });
});

describe('shouldTakeLock (spec 02 §4: an approver moving over the table or panel takes the lock)', () => {
  it('takes a free lock for a connected approver only', () => {
    expect(shouldTakeLock(base)).toBe(true);
    expect(shouldTakeLock({ ...base, isApprover: false })).toBe(false);
    expect(shouldTakeLock({ ...base, isConnected: false })).toBe(false);
    expect(shouldTakeLock({ ...base, lock: lockedBy(2) })).toBe(false);
    expect(shouldTakeLock({ ...base, requests: { ...INITIAL_LOCK_REQUESTS, inFlight: true } })).toBe(false);
  });

  it('renews a held lock once per renew interval while active', () => {
    const taken = { ...INITIAL_LOCK_REQUESTS, lastTakenAt: base.now };
    expect(shouldTakeLock({ ...base, lock: lockedBy(1), requests: taken })).toBe(false);
    expect(
      shouldTakeLock({ ...base, lock: lockedBy(1), requests: taken, now: base.now + LOCK_RENEW_INTERVAL_MS }),
    ).toBe(true);
    // Held (e.g. from another tab of the same user) without a request from this page: renew.
    expect(shouldTakeLock({ ...base, lock: lockedBy(1) })).toBe(true);
  });

  it('waits after a refusal or a release before asking again', () => {
    const paused = { ...INITIAL_LOCK_REQUESTS, pausedAt: base.now };
    expect(shouldTakeLock({ ...base, requests: paused, now: base.now + LOCK_RETRY_MS - 1 })).toBe(false);
    expect(shouldTakeLock({ ...base, requests: paused, now: base.now + LOCK_RETRY_MS })).toBe(true);
  });
});

describe('lockLabel (spec 02 §2: the header lock icon and its tooltip)', () => {
  const now = new Date('2026-11-21T18:00:00Z');
  it('names the holder and since when, or says the signed-in user reviews', () => {
    expect(lockLabel(free, 1, now)).toBeNull();
    expect(lockLabel(lockedBy(1), 1, now)).toBe('You are reviewing this list');
    expect(lockLabel(lockedBy(2), 1, now, 'UTC')).toBe('Locked by Alex Morgan since 10:00am');
    expect(lockLabel({ ...lockedBy(2), lockedAt: '2026-11-19T10:00:00Z' }, 1, now, 'UTC')).toBe(
      'Locked by Alex Morgan since Nov 19, 2026 10:00am',
    );
  });

  it('writes times as the toolbar writes "Last saved" (issue 8 item 23: one format)', () => {
    const lockedAt = '2026-11-21T17:04:00Z';
    const label = lockLabel({ ...lockedBy(2), lockedAt }, 1, now, 'UTC');
    expect(label).toBe('Locked by Alex Morgan since 5:04pm');
    expect(formatDateTime(lockedAt, { timeZone: 'UTC' })).toBe('Nov 21, 2026 5:04pm');
    expect(formatDateTime(lockedAt, { timeZone: 'UTC' }).endsWith(label!.split(' since ')[1]!)).toBe(true);
  });
});
