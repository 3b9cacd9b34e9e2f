import {
  AppError,
  type DraftSharing,
  draftRoomName,
  effectivePermissions,
  hasPermission,
  type Role,
} from '@nomen/shared';
import type { Database, SubmissionRecord } from '@nomen/shared/db';
import { signCollabToken } from '@nomen/shared/node';
import type { Transaction } from 'kysely';
import { type Actor, type AppDeps, sessionIdOf } from '../../../http/context';
import { recordActivity } from '../../activities/activities.service';
import * as collabRepo from '../../collab/collab.repository';
import { mayUseTemplate } from '../submission-form.service';
import * as submissionsRepo from '../submissions.repository';
import * as repo from './draft-room.repository';
import * as room from './draft-room.service';

/**
 * Who is in a shared draft and how a draft is shared (ARCHITECTURE.md "Shared drafts"; the
 * `draftRoomApi` endpoints; this folder's README "Shared drafts"). The people in a draft are its
 * owner (its submitter) and, while it is shared, those it is shared with by name or, shared with
 * everyone, everyone else; any of them but the owner counts only while they may use the template
 * (spec 01 §2.7).
 */

type Trx = Transaction<Database>;

/** Lifetime of a draft room's collaboration token (as a list room's). */
const TOKEN_TTL_SECONDS = 10 * 60;

/** How the actor stands in a draft: its owner, a person it is shared with, or neither (null). */
export type DraftRole = 'owner' | 'person' | null;

/** Whether a submission is shared with anyone (with everyone, or with someone by name). */
export async function isShared(db: AppDeps['db'] | Trx, row: SubmissionRecord): Promise<boolean> {
  return row.shared_with_everyone || (await repo.sharesOf(db, row.id)).length > 0;
}

/**
 * The actor's place in a submission's sharing: `owner` for its submitter; `person` for one it is
 * shared with (by name, or with everyone) who may use its template; null otherwise.
 */
export async function draftRoleOf(deps: AppDeps, actor: Actor, row: SubmissionRecord): Promise<DraftRole> {
  if (row.submitter_id === actor.userId) return 'owner';
  if (row.template_id === null) return null;
  const isInvited = row.shared_with_everyone || (await repo.isSharedWithUser(deps.db, row.id, actor.userId));
  return isInvited && (await mayUseTemplate(deps, actor, row.template_id)) ? 'person' : null;
}

/** A submission of the account the actor is in (owner or person), with their role; 404 otherwise. */
async function draftInvolving(deps: AppDeps, actor: Actor, id: number) {
  const row = await submissionsRepo.findSubmission(deps.db, actor.accountId, id);
  const role = row ? await draftRoleOf(deps, actor, row) : null;
  if (!row || role === null) throw AppError.notFound('Submission');
  return { row, role };
}

/** Who a draft is shared with. Its owner and the people in it; 404 for anyone else. */
export async function getSharing(deps: AppDeps, actor: Actor, id: number): Promise<DraftSharing> {
  const { row } = await draftInvolving(deps, actor, id);
  return { everyone: row.shared_with_everyone, people: await repo.sharesOf(deps.db, id) };
}

/**
 * The users of the account who may use template `templateId` (mayUseTemplate's rule, for each
 * of them: manage_templates, or the template through one of their groups), enabled, by name.
 */
async function templateUsers(deps: AppDeps, accountId: number, templateId: number) {
  const users = await repo.accountUsersForTemplate(deps.db, accountId, templateId);
  return users.filter(
    (u) =>
      u.through_groups ||
      hasPermission(
        effectivePermissions({
          role: u.role as Role,
          permissions: u.permissions,
          super_admin: u.super_admin,
        }),
        'manage_templates',
      ),
  );
}

/** The people a draft may be shared with: users who may use its template, its owner left out, by name. */
export async function shareCandidates(deps: AppDeps, actor: Actor, id: number) {
  const { row } = await draftInvolving(deps, actor, id);
  if (row.template_id === null) return { data: [] };
  const users = await templateUsers(deps, actor.accountId, row.template_id);
  return {
    data: users
      .filter((u) => u.id !== row.submitter_id)
      .map((u) => ({ id: u.id, name: u.name, email: u.email })),
  };
}

/**
 * Replaces a draft's sharing (its owner only: 404 for those who may not read it, 403 for the
 * people in it; 409 unless a Draft). Every user id must name a user of the account who may use
 * the template (400 naming `body.user_ids.<i>`); the owner among them is ignored. Shared for the
 * first time, the room is seeded from the draft's rows; shared with nobody again, the room's rows
 * are written back to the draft and the room's state deleted; all in one transaction.
 */
export async function shareDraft(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: { everyone: boolean; user_ids: number[] },
): Promise<DraftSharing> {
  const { row, role } = await draftInvolving(deps, actor, id);
  if (role !== 'owner')
    throw new AppError('FORBIDDEN', 'Only the owner of a draft may change who it is shared with');
  if (row.template_id === null) throw new AppError('CONFLICT', 'The template of this submission was deleted');
  const allowed = new Set((await templateUsers(deps, actor.accountId, row.template_id)).map((u) => u.id));
  input.user_ids.forEach((userId, i) => {
    if (userId !== row.submitter_id && !allowed.has(userId))
      throw AppError.badField(`body.user_ids.${i}`, 'Not a user who may use this template');
  });
  const userIds = [...new Set(input.user_ids.filter((u) => u !== row.submitter_id))];
  await deps.db
    .transaction()
    .execute((trx) => replaceSharingIn(trx, actor, id, { everyone: input.everyone, userIds }));
  return getSharing(deps, actor, id);
}

/** The sharing of a draft as its activity-log entry shows it. */
function auditedSharing(everyone: boolean, people: readonly { name: string }[]) {
  return { shared_with_everyone: everyone, shared_with: people.map((p) => p.name).join(', ') };
}

/** The sharing transaction of {@link shareDraft}: lock the room then the draft, replace, seed or write back, log. */
async function replaceSharingIn(
  trx: Trx,
  actor: Actor,
  id: number,
  sharing: { everyone: boolean; userIds: number[] },
): Promise<void> {
  const name = draftRoomName(actor.accountUuid, id);
  // The submission's row before the room's lock: the collab server's compaction takes them in
  // this order too (the row `for share`), so the two never wait on each other.
  const before = (await submissionsRepo.findSubmission(trx, actor.accountId, id, true))!;
  await repo.lockRoom(trx, name);
  if (before.status !== 'Draft')
    throw new AppError('CONFLICT', `A ${before.status} submission can no longer be shared`);
  const peopleBefore = await repo.sharesOf(trx, id);
  const wasShared = before.shared_with_everyone || peopleBefore.length > 0;
  await repo.replaceSharing(trx, actor.accountId, id, sharing);
  const isNowShared = sharing.everyone || sharing.userIds.length > 0;
  if (!wasShared && isNowShared) {
    const rows = await submissionsRepo.currentRows(trx, id);
    await room.seedRoom(
      trx,
      name,
      rows.map((r) => r.data),
    );
  } else if (wasShared && !isNowShared) await writeBack(trx, actor, before, name);
  await recordActivity(trx, actor, {
    configuredObject: 'submission',
    objectName: before.name,
    objectId: id,
    before: auditedSharing(before.shared_with_everyone, peopleBefore),
    after: auditedSharing(sharing.everyone, await repo.sharesOf(trx, id)),
  });
}

/** Writes a room's rows back to the draft's submission_rows (as a draft save stores them) and deletes the room. */
async function writeBack(trx: Trx, actor: Actor, draft: SubmissionRecord, name: string): Promise<void> {
  const rows = await room.closeRoomForWriteBack(trx, name);
  await submissionsRepo.deleteUncommittedRows(trx, draft.id);
  await submissionsRepo.insertRows(
    trx,
    null,
    { accountId: actor.accountId, datasetId: draft.dataset_id, submissionId: draft.id, fromCommit: null },
    rows.map((r, i) => ({ row_number: i, cv_id: '', data: r.cells })),
  );
  await submissionsRepo.updateSubmission(trx, draft.id, { row_count: rows.length });
}

/**
 * A short-lived signed token to join a shared draft's room (the list token's shape, `sub` for
 * the submission and `approver` false), bound to the session and the user's access version. For
 * the owner and the people in the draft who may use its template, while it is shared; 404
 * otherwise (as for a submission one may not read). Live collaboration is behind the
 * `live-collaboration` feature flag, as list tokens are: 403 without it.
 */
export async function draftCollabToken(deps: AppDeps, actor: Actor, id: number) {
  const { row } = await draftInvolving(deps, actor, id);
  const mayJoin =
    row.template_id !== null &&
    (await mayUseTemplate(deps, actor, row.template_id)) &&
    (await isShared(deps.db, row));
  if (!mayJoin) throw AppError.notFound('Submission');
  if (!actor.features.includes('live-collaboration'))
    throw new AppError('FORBIDDEN', 'The live-collaboration feature is not enabled for this account');
  const accessVersion = await collabRepo.accessVersionOf(deps.db, actor.userId);
  const exp = Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS;
  const token = signCollabToken(
    {
      uid: actor.userId,
      name: actor.userName,
      acc: actor.accountUuid,
      sub: id,
      approver: false,
      exp,
      sid: sessionIdOf(actor),
      av: accessVersion ?? 0,
    },
    deps.config.secretKey,
  );
  const urls = deps.config.collabUrls;
  return {
    token,
    room: draftRoomName(actor.accountUuid, id),
    url: urls.length === 0 ? null : urls[actor.userId % urls.length]!,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}
