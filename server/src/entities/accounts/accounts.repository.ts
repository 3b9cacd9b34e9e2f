import type { AccountRow, Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** An account's stored settings (spec 01 §3.1; read through `accountSettingsOf`). */
export type StoredAccountSettings = AccountRow['settings'];

/**
 * Inserts an account with its settings and feature flags (spec 01 §3.1); answers its id and the
 * uuid the database chose (collaboration room names carry it).
 */
export function insertAccount(
  db: Db,
  values: { name: string; settings: StoredAccountSettings; featureFlags: readonly string[] },
) {
  return db
    .insertInto('accounts')
    .values({
      name: values.name,
      settings: JSON.stringify(values.settings),
      feature_flags: [...values.featureFlags],
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

/**
 * The id of an account named `name`, or of any account when `name` is left out; undefined when
 * there is none (the demo seed runs only once, or only on an empty database).
 */
export async function findAccountId(db: Db, name?: string): Promise<number | undefined> {
  let q = db.selectFrom('accounts').select('id');
  if (name !== undefined) q = q.where('name', '=', name);
  return (await q.executeTakeFirst())?.id;
}

/** One account (every column), optionally locked for update; undefined when there is none. */
export function findAccount(db: Db, accountId: number, forUpdate = false) {
  let q = db.selectFrom('accounts').selectAll().where('id', '=', accountId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Stores an account's settings and feature flags (spec 01 §2, settings page) and stamps
 * `updated_at`; answers the updated row. Throws when the account does not exist.
 */
export function updateAccountSettings(
  db: Db,
  accountId: number,
  values: { settings: StoredAccountSettings; featureFlags: readonly string[] },
) {
  return db
    .updateTable('accounts')
    .set({
      settings: JSON.stringify(values.settings),
      feature_flags: [...values.featureFlags],
      updated_at: sql`now()`,
    })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The feature flags switched on for an account, or undefined when the account is gone. */
export async function featureFlagsOf(db: Db, accountId: number): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('feature_flags')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.feature_flags;
}

/** Stores "Require SSO" and the break-glass admin (README "Single sign-on"); answers the account. */
export function updateSsoEnforcement(
  db: Db,
  accountId: number,
  enforcement: { required: boolean; breakGlassUserId: number | null },
) {
  return db
    .updateTable('accounts')
    .set({
      sso_required: enforcement.required,
      sso_break_glass_user_id: enforcement.breakGlassUserId,
      updated_at: new Date(),
    })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
