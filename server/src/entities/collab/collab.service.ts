import { AppError, type CollabState, hasPermission, idParamSchema, roomName } from '@nomen/shared';
import { signCollabToken } from '@nomen/shared/node';
import { type Actor, type AppDeps, sessionIdOf } from '../../http/context';
import { hasList } from '../lists/lists.repository';
import * as repo from './collab.repository';

/** Lifetime of a collaboration token; the client asks for a new one when it reconnects. */
const TOKEN_TTL_SECONDS = 10 * 60;

/**
 * Whether the actor reviews lists as an approver (spec 02 §6): everyone when live collaboration
 * is off, otherwise holders of approve_suggestions.
 */
export function isListApprover(actor: Actor): boolean {
  return (
    !actor.features.includes('live-collaboration') || hasPermission(actor.permissions, 'approve_suggestions')
  );
}

/**
 * A short-lived signed token to join the room of a list (ARCHITECTURE.md: user id, display
 * name, account uuid, approver or not, expiry), bound to the request's session and the user's
 * current access version (issue 8 item 4), so ending the session or changing the user's access
 * refuses it on the collab server. 404 when the list is not in the account.
 */
export async function collabToken(deps: AppDeps, actor: Actor, listId: number) {
  await assertListOfAccount(deps, actor, listId);
  const accessVersion = await repo.accessVersionOf(deps.db, actor.userId);
  const exp = Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS;
  const isApprover = isListApprover(actor);
  const token = signCollabToken(
    {
      uid: actor.userId,
      name: actor.userName,
      acc: actor.accountUuid,
      list: listId,
      approver: isApprover,
      exp,
      sid: sessionIdOf(actor),
      av: accessVersion ?? 0,
    },
    deps.config.secretKey,
  );
  return {
    token,
    room: roomName(actor.accountUuid, listId),
    url: pickCollabUrl(deps.config.collabUrls, actor.userId),
    expiresAt: new Date(exp * 1000).toISOString(),
    isApprover,
  };
}

async function assertListOfAccount(deps: AppDeps, actor: Actor, listId: number): Promise<void> {
  if (!(await hasList(deps.db, actor.accountId, listId))) throw AppError.notFound('List');
}

/**
 * 404 when the path names a list that is not the account's, checked before the
 * live-collaboration flag, so another account's list answers 404 as everywhere (ARCHITECTURE.md,
 * Data). A malformed id is left to the params schema.
 */
export async function assertPathListOfAccount(deps: AppDeps, actor: Actor, params: unknown): Promise<void> {
  const parsed = idParamSchema.safeParse(params);
  if (parsed.success) await assertListOfAccount(deps, actor, parsed.data.id);
}

/** The collab server a user connects to: one of several by user id, or null for /collab here. */
function pickCollabUrl(urls: readonly string[], userId: number): string | null {
  return urls.length === 0 ? null : urls[userId % urls.length]!;
}

/** Pending-suggestion counts and lock markers of the account's lists (spec 02 §2). */
export async function collabStates(deps: AppDeps, actor: Actor): Promise<{ data: CollabState[] }> {
  const rows = await repo.collabStatesOfAccount(deps.db, actor.accountId);
  const now = Date.now();
  return {
    data: rows.map((r) => {
      const isLocked = r.locked_by !== null && (r.lock_expires_at?.getTime() ?? 0) > now;
      return {
        listId: r.list_id,
        pendingSuggestions: r.pending_suggestions,
        lockData: {
          isLocked,
          lockedBy: isLocked ? r.locked_by : null,
          lockedByName: isLocked ? r.locked_by_name : null,
          lockedAt: isLocked ? (r.locked_at?.toISOString() ?? null) : null,
        },
      };
    }),
  };
}

/**
 * Refuses a list save while another user holds the list's review lock (ARCHITECTURE.md: 423).
 * With no lock, or the actor's own, the save goes ahead.
 */
export async function assertListUnlocked(db: AppDeps['db'], actor: Actor, listId: number): Promise<void> {
  const row = await repo.reviewLockOf(db, listId);
  if (!row?.locked_by || row.locked_by === actor.userId) return;
  if ((row.lock_expires_at?.getTime() ?? 0) <= Date.now()) return;
  throw new AppError(
    'LOCKED',
    `${row.locked_by_name ?? 'Someone'} is reviewing this list; it cannot be saved until they finish.`,
  );
}

/** Stores feedback from the list editor's feedback modal (spec 02 §2, §7). 404 for a list of another account. */
export async function saveFeedback(
  deps: AppDeps,
  actor: Actor,
  input: { list_id?: number | null | undefined; message: string; rating?: number | null | undefined },
): Promise<{ ok: true }> {
  if (input.list_id) {
    if (!(await hasList(deps.db, actor.accountId, input.list_id))) throw AppError.notFound('List');
  }
  await repo.insertFeedback(deps.db, {
    accountId: actor.accountId,
    userId: actor.userId,
    listId: input.list_id ?? null,
    message: input.message,
    rating: input.rating ?? null,
  });
  return { ok: true };
}
