import { AppError } from '@nomen/shared';
import type { Request, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';

/** Window of the sign-in and forgot-password limits, in seconds (README, Security). */
export const RATE_LIMIT_WINDOW_SECONDS = 15 * 60;

/** The key of a request for an email: the client address (IPv6 by /56) and the normalised email. */
export function rateLimitKey(req: Request, email: string): string {
  return `${ipKeyGenerator(req.ip ?? '')}|${email}`;
}

function refuse(res: Response, state: RateLimiterRes | null, message: string): never {
  const seconds = Math.max(1, Math.ceil((state?.msBeforeNext ?? RATE_LIMIT_WINDOW_SECONDS * 1000) / 1000));
  res.setHeader('Retry-After', String(seconds));
  throw new AppError('RATE_LIMITED', message);
}

/**
 * The sign-in limit (issue 8 item 6): at most `limit` failed sign-ins per client address and
 * normalised email in 15 minutes; then 429 with Retry-After until the window passes. Only
 * failures count: attempts of one key run one after another, so concurrent correct sign-ins
 * all succeed while concurrent wrong ones cannot slip past the count. A success clears the key.
 * Counts live in this process's memory.
 */
export class SignInLimiter {
  private readonly failures: RateLimiterMemory;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly limit: number) {
    this.failures = new RateLimiterMemory({ points: limit, duration: RATE_LIMIT_WINDOW_SECONDS });
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
    const state = await this.failures.get(key);
    if (state && state.consumedPoints >= this.limit) {
      refuse(res, state, 'Too many sign-in attempts. Wait a few minutes and try again.');
    }
    try {
      const result = await attempt();
      await this.failures.delete(key);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') await this.failures.penalty(key, 1);
      throw error;
    }
  }
}

/**
 * The forgot-password limit (issue 8 item 6): every request counts, at most `perEmail` per
 * client address and normalised email and `perAddress` per client address in 15 minutes, so
 * nobody can flood one mailbox or mail many. Over either: 429 with Retry-After.
 */
export class ForgotPasswordLimiter {
  private readonly byEmail: RateLimiterMemory;
  private readonly byAddress: RateLimiterMemory;

  constructor(perEmail: number, perAddress: number) {
    this.byEmail = new RateLimiterMemory({ points: perEmail, duration: RATE_LIMIT_WINDOW_SECONDS });
    this.byAddress = new RateLimiterMemory({ points: perAddress, duration: RATE_LIMIT_WINDOW_SECONDS });
  }

  /** Counts one request; throws 429 when the address or the address and email are over. */
  async count(req: Request, res: Response, email: string): Promise<void> {
    const message = 'Too many password-reset requests. Wait a few minutes and try again.';
    try {
      await this.byAddress.consume(ipKeyGenerator(req.ip ?? ''));
      await this.byEmail.consume(rateLimitKey(req, email));
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      refuse(res, rejection as RateLimiterRes, message);
    }
  }
}
