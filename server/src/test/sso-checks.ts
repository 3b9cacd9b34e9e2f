import { expect } from 'vitest';
import type { AdminContext } from './test-context';

/** A response as the sign-in checks read it. */
interface Answer {
  status: number;
  headers: Record<string, unknown>;
}

/**
 * What the single sign-on API tests (OpenID Connect and SAML) check after a sign-in, over the
 * context `current()` answers (the test file's, made in its beforeAll): the reason a refused
 * sign-in shows on the sign-in page, the users with an email, the reason of the account's last
 * refusal in the activity log, and a user's group ids.
 */
export function ssoChecks(current: () => AdminContext) {
  return {
    /** The reason a refused sign-in shows on the sign-in page; expects the redirect there. */
    refusal(res: Answer): string {
      expect(res.status).toBe(302);
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/login\?sso_error=/);
      return new URL(location, 'http://x').searchParams.get('sso_error') ?? '';
    },

    /** The users with `email`, across accounts: their ids and roles. */
    usersWithEmail(email: string) {
      return current()
        .ctx.deps.db.selectFrom('users')
        .select(['id', 'role'])
        .where('email', '=', email)
        .execute();
    },

    /** The reason of the account's newest refused sign-in in the activity log, if any. */
    async lastRefusal(): Promise<string | undefined> {
      const { ctx, account } = current();
      const row = await ctx.deps.db
        .selectFrom('activities')
        .selectAll()
        .where('account_id', '=', account.id)
        .where('operation', '=', 'failed')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.changes.find((ch) => ch.field === 'refused')?.new as string | undefined;
    },

    /** The ids of the groups user `userId` belongs to, ascending. */
    async groupIdsOf(userId: number): Promise<number[]> {
      const rows = await current()
        .ctx.deps.db.selectFrom('group_users')
        .select('group_id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => r.group_id).sort((a, b) => a - b);
    },
  };
}
