import type { Database, IntegrationLinkRow } from '@nomen/shared/db';
import type { Insertable, Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Bitlinks and QR images made from rows' links (migration 0015; submissions README "Shortened
 * links and QR codes"). Every read names the account first.
 */

/** What an assignment already made for a submission, by `${cv_id}:${template_field_id}:${config_hash}`. */
export async function linksOfAssignment(
  db: Db,
  accountId: number,
  assignmentId: number,
  submissionId: number,
  kind: 'bitly' | 'qr',
): Promise<Map<string, IntegrationLinkRow>> {
  const rows = await db
    .selectFrom('integration_links')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('assignment_id', '=', assignmentId)
    .where('submission_id', '=', submissionId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [`${r.cv_id}:${r.template_field_id}:${r.config_hash}`, r]));
}

/** Stores one made link or image; an equal one stored meanwhile (a concurrent attempt) is kept. */
export async function insertLink(db: Db, values: Insertable<Database['integration_links']>): Promise<void> {
  await db
    .insertInto('integration_links')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['assignment_id', 'cv_id', 'template_field_id', 'config_hash']).doNothing(),
    )
    .execute();
}

/**
 * The bitlinks of a submission's rows made by any assignment, newest last, keyed by
 * `${cv_id}:${template_field_id}` (the QR code's "use shortened" source).
 */
export async function shortLinksOfSubmission(
  db: Db,
  accountId: number,
  submissionId: number,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('integration_links')
    .select(['cv_id', 'template_field_id', 'short_url'])
    .where('account_id', '=', accountId)
    .where('submission_id', '=', submissionId)
    .where('kind', '=', 'bitly')
    .orderBy('id')
    .execute();
  return new Map(
    rows.filter((r) => r.short_url).map((r) => [`${r.cv_id}:${r.template_field_id}`, r.short_url!]),
  );
}

/** Every link and image made for a submission (without image bytes), oldest first. */
export function linksOfSubmission(db: Db, accountId: number, submissionId: number) {
  return db
    .selectFrom('integration_links')
    .select([
      'id',
      'assignment_id',
      'cv_id',
      'template_field_id',
      'kind',
      'long_url',
      'short_url',
      'file_type',
      'content_type',
    ])
    .where('account_id', '=', accountId)
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .execute();
}

/** One QR image of a submission of the account (bytes included), or undefined. */
export function imageOf(db: Db, accountId: number, submissionId: number, linkId: number) {
  return db
    .selectFrom('integration_links')
    .select(['cv_id', 'file_type', 'content_type', 'content'])
    .where('account_id', '=', accountId)
    .where('submission_id', '=', submissionId)
    .where('id', '=', linkId)
    .where('kind', '=', 'qr')
    .executeTakeFirst();
}
