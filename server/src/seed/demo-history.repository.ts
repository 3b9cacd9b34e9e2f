import type { Database } from '@nomen/shared/db';
import { type Kysely, sql } from 'kysely';

// The demo history's one write outside the services (server/src/seed/demo-history.ts): the
// services stamp "now", and the story happened over six months. Seed-only; the product never
// changes when something happened.

/** When a demo submission was submitted and, if it was, decided (both in the past). */
export interface StoryTimes {
  submitted: Date;
  decided: Date | null;
}

/**
 * Moves a submission that the services have just made, submitted and maybe decided to its time
 * in the demo's story: the submission's created, submitted, decided and updated times, its
 * events, its dataset commits (the dataset page's row times), the activity-log entries about it
 * (the first is the submit, later ones the decision) and its dataset's creation when earlier.
 * Everything else the services derived (rows, dataset values, integration runs) is left as made.
 */
export async function redateSubmission(
  db: Kysely<Database>,
  accountId: number,
  submissionId: number,
  at: StoryTimes,
): Promise<void> {
  const decided = at.decided ?? at.submitted;
  const submission = await db
    .updateTable('submissions')
    .set({
      created_at: at.submitted,
      submitted_at: at.submitted,
      updated_at: decided,
      decided_at: sql`case when decided_at is null then null else ${decided}::timestamptz end`,
    })
    .where('account_id', '=', accountId)
    .where('id', '=', submissionId)
    .returning('dataset_id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('submission_events')
    .set({
      created_at: sql`case when action in ('approved', 'rejected') then ${decided}::timestamptz else ${at.submitted}::timestamptz end`,
    })
    .where('account_id', '=', accountId)
    .where('submission_id', '=', submissionId)
    .execute();
  await db
    .updateTable('dataset_commits')
    .set({
      created_at: sql`case when kind = 'approve' then ${decided}::timestamptz else ${at.submitted}::timestamptz end`,
    })
    .where('dataset_id', '=', submission.dataset_id)
    .where('submission_id', '=', submissionId)
    .execute();
  await sql`
    update activities a set created_at = case when a.id = first.id then ${at.submitted}::timestamptz else ${decided}::timestamptz end
    from (select min(id) as id from activities
      where account_id = ${accountId} and configured_object = 'submission' and object_id = ${submissionId}) first
    where a.account_id = ${accountId} and a.configured_object = 'submission' and a.object_id = ${submissionId}`.execute(
    db,
  );
  await db
    .updateTable('datasets')
    .set({ created_at: sql`least(created_at, ${at.submitted}::timestamptz)` })
    .where('account_id', '=', accountId)
    .where('id', '=', submission.dataset_id)
    .execute();
}
