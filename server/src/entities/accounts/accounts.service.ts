import { AppError, type FeatureFlag } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import { deleteSessionsOfUsers } from '../../auth/auth.repository';
import { issueLink } from '../../auth/auth.service';
import type { AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { revokeTokensOfUsers } from '../api-tokens/api-tokens.repository';
import * as usersRepo from '../users/users.repository';
import * as repo from './accounts.repository';

/** What a new account starts with. */
export interface NewAccount {
  name: string;
  adminEmail: string;
  adminName?: string;
  features?: FeatureFlag[];
  allowApproval?: boolean;
}

/**
 * Creates an account with its first ADMIN (super_admin, no password yet) and mails the admin an
 * activation link, which it also returns (the operator CLI prints it). One transaction; the
 * account's activity log starts with the creation. Throws 409 when the email is taken.
 */
export async function createAccount(
  deps: AppDeps,
  input: NewAccount,
  db: Kysely<Database> = deps.db,
): Promise<{ accountId: number; accountUuid: string; adminId: number; activationLink: string }> {
  return db.transaction().execute(async (trx) => {
    const email = input.adminEmail.trim().toLowerCase();
    if (await usersRepo.isEmailInUse(trx, email))
      throw AppError.badField('admin-email', `A user with email ${email} already exists`);
    const account = await repo.insertAccount(trx, {
      name: input.name,
      settings: { allow_approval: input.allowApproval ?? false },
      featureFlags: input.features ?? [],
    });
    const adminName = input.adminName ?? email.split('@')[0] ?? email;
    const adminId = await usersRepo.insertUser(trx, {
      account_id: account.id,
      name: adminName,
      email,
      role: 'ADMIN',
      super_admin: true,
      password_hash: null,
    });
    const admin = { id: adminId, name: adminName, email };
    const activationLink = await issueLink(deps, trx, admin, 'activation');
    await recordActivity(
      trx,
      { accountId: account.id, userId: null, userName: 'system' },
      {
        configuredObject: 'account',
        objectName: input.name,
        objectId: account.id,
        before: null,
        after: { name: input.name, admin_email: email },
      },
    );
    return { accountId: account.id, accountUuid: account.uuid, adminId: admin.id, activationLink };
  });
}

/**
 * Disables or re-enables a user by email (operator CLI): a disabled user cannot sign in, their
 * sessions end, their API tokens are revoked (enabling does not revive them), and admins see
 * them read-only (spec 01 §2.6). An address may hold a user in
 * several accounts (ARCHITECTURE.md, email addresses); the command applies to each. Logged in
 * each user's account as a change by "system". Throws 404 for an unknown email.
 */
export async function setUserDisabled(deps: AppDeps, email: string, disabled: boolean) {
  return deps.db.transaction().execute(async (trx) => {
    const users = await usersRepo.setDisabledByEmail(trx, email, disabled);
    const [user] = users;
    if (!user) throw AppError.notFound(`User ${email}`);
    if (disabled) {
      const ids = users.map((u) => u.id);
      await deleteSessionsOfUsers(trx, ids);
      // Revoked, not merely refused while disabled: enabling the user again must not bring
      // back tokens that may have leaked meanwhile (README "Security", API tokens).
      await revokeTokensOfUsers(trx, ids);
    }
    for (const u of users) {
      await recordActivity(
        trx,
        { accountId: u.account_id, userId: null, userName: 'system' },
        {
          configuredObject: 'user',
          objectName: u.name,
          objectId: u.id,
          before: { disabled: !disabled },
          after: { disabled },
        },
      );
    }
    return user;
  });
}
