import type { ConnectionTestResult } from '@nomen/shared';

/**
 * "Test connection" of the accounts whose provider has a REST client (issue 10 item 5): each asks
 * its provider who the account is (or, where the API has no such call, lists what the credential
 * opens) through the same client the look-ups use (each provider folder's `connection-test.ts`), so a refused token is refreshed once as there.
 * Every failure answers `ok: false` with the provider's words (credentials are redacted by the
 * clients); nothing throws.
 */

/** `n` with the singular or plural noun: "1 folder", "3 folders". */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** `: a, b, …` of the first ten names, '' for none. */
export const firstNames = (names: string[]) => (names.length ? `: ${names.slice(0, 10).join(', ')}` : '');

/**
 * Runs a test's call and answers `ok: true` with its message, or `ok: false` with the error's
 * message (the clients redact credentials from it); never throws.
 */
export async function answer(run: () => Promise<string>): Promise<ConnectionTestResult> {
  try {
    return { ok: true, message: await run() };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
