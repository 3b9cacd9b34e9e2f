import { AppError } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Request, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import * as repo from './rate-limits.repository';

/** Window of the sign-in and forgot-password limits, in seconds (README, Security). */
export const RATE_LIMIT_WINDOW_SECONDS = 15 * 60;

/** How often a process deletes ended windows, in milliseconds. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * The key of a request for an email: the client address (IPv6 by /56) and the normalised email.
 * The address is Express's `req.ip`, which follows X-Forwarded-For through the proxies TRUST_PROXY
 * trusts (README, Security).
 */
export function rateLimitKey(req: Request, email: string): string {
  return `${ipKeyGenerator(req.ip ?? '')}|${email}`;
}

function refuse(res: Response, msLeft: number, message: string): never {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  res.setHeader('Retry-After', String(seconds));
  throw new AppError('RATE_LIMITED', message);
}

/**
 * Counters kept in the app's database (table `rate_limits`), so every REST process behind a load
 * balancer, and the embedded database, share one count per key (README, Security). Ended windows
 * are deleted now and then by whichever process counts.
 */
class SharedCounters {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly namespace: string,
  ) {}

  /** Adds `points` (negative to give back) to `key`; the count after it. */
  async add(key: string, points: number): Promise<repo.RateLimitCount> {
    const now = Date.now();
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await repo.deleteExpired(this.db);
    }
    return repo.addPoints(this.db, `${this.namespace}|${key}`, points, RATE_LIMIT_WINDOW_SECONDS);
  }

  /** Forgets `key`'s count. */
  async clear(key: string): Promise<void> {
    await repo.deleteKey(this.db, `${this.namespace}|${key}`);
  }
}

/**
 * The sign-in limit (issue 8 item 6): at most `limit` failed sign-ins per client address and
 * normalised email in 15 minutes; then 429 with Retry-After until the window passes. Only
 * failures count: each attempt first takes a point in the shared count (refused when that goes
 * past the limit), gives it back when it did not fail for a wrong password, and a success clears
 * the key; so concurrent wrong guesses cannot slip past the count in one process or across
 * several. Attempts of one key in this process also run one after another, so concurrent
 * correct sign-ins all succeed.
 */
export class SignInLimiter {
  private readonly failures: SharedCounters;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    db: Kysely<Database>,
    private readonly limit: number,
  ) {
    this.failures = new SharedCounters(db, 'sign-in');
  }

  /**
   * Runs `attempt` for `key` after the key's earlier attempts. Throws 429 when the key has used
   * its failures; an UNAUTHENTICATED AppError from `attempt` counts as a failure and is rethrown.
   */
  async run<T>(key: string, res: Response, attempt: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const current = previous.then(() => this.attemptOnce(key, res, attempt));
    const tail = current.catch(() => undefined);
    this.queues.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    }
  }

  private async attemptOnce<T>(key: string, res: Response, attempt: () => Promise<T>): Promise<T> {
    const taken = await this.failures.add(key, 1);
    if (taken.points > this.limit) {
      await this.failures.add(key, -1);
      refuse(res, taken.msLeft, 'Too many sign-in attempts. Wait a few minutes and try again.');
    }
    // A success clears the key and a wrong password keeps its point; anything else (a refused
    // input, a fault) was no guess and gives the point back.
    let outcome: 'success' | 'failure' | 'other' = 'other';
    try {
      const result = await attempt();
      outcome = 'success';
      await this.failures.clear(key);
      return result;
    } catch (error) {
      if (outcome === 'other' && error instanceof AppError && error.code === 'UNAUTHENTICATED')
        outcome = 'failure';
      throw error;
    } finally {
      if (outcome === 'other') await this.failures.add(key, -1);
    }
  }
}

/**
 * The forgot-password limit (issue 8 item 6): every request counts, at most `perEmail` per
 * client address and normalised email and `perAddress` per client address in 15 minutes, so
 * nobody can flood one mailbox or mail many. Over either: 429 with Retry-After. Counts are
 * shared by every process (SharedCounters).
 */
export class ForgotPasswordLimiter {
  private readonly byEmail: SharedCounters;
  private readonly byAddress: SharedCounters;

  constructor(
    db: Kysely<Database>,
    private readonly perEmail: number,
    private readonly perAddress: number,
  ) {
    this.byEmail = new SharedCounters(db, 'forgot-email');
    this.byAddress = new SharedCounters(db, 'forgot-address');
  }

  /** Counts one request; throws 429 when the address or the address and email are over. */
  async count(req: Request, res: Response, email: string): Promise<void> {
    const message = 'Too many password-reset requests. Wait a few minutes and try again.';
    const address = await this.byAddress.add(ipKeyGenerator(req.ip ?? ''), 1);
    if (address.points > this.perAddress) refuse(res, address.msLeft, message);
    const pair = await this.byEmail.add(rateLimitKey(req, email), 1);
    if (pair.points > this.perEmail) refuse(res, pair.msLeft, message);
  }
}
