/**
 * Who a draft-room connection is, set by AuthExtension from the verified token (a token with
 * `sub`, shared `draft-room.contract.ts`). `isApprover` is always false: nobody moderates a draft.
 * It has no `listId`, so the list-room code never matches it.
 */
export interface DraftUser {
  kind: 'draft';
  id: number;
  name: string;
  isApprover: false;
  accountId: number;
  accountUuid: string;
  /** The shared draft's submission id. */
  submissionId: number;
  /** The REST session the token was issued for (its end drops the connection). */
  sessionId: string;
  /** The user's access version the token carries (`collab_access`). */
  accessVersion: number;
}

/** The Hocuspocus connection context of a draft room. */
export interface DraftContext {
  user: DraftUser;
}

/** Whether a connection context is a draft room's (rather than a list room's). */
export function isDraftContext(context: unknown): context is DraftContext {
  return (context as { user?: { kind?: unknown } } | undefined)?.user?.kind === 'draft';
}
