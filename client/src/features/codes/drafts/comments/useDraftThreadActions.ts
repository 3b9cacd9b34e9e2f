import type { DraftCell, Thread } from '@nomen/shared';
import { useMemo } from 'react';
import { notifyError } from '../../../../ui/notify';
import { EMPTY_QUEUE } from '../../../lists/collab/reviewQueue';
import type { ThreadActions } from '../../../lists/collab/ThreadCard';
import type { DraftRoomClient } from '../DraftRoomClient';
import { type DraftCellIndex, describeDraftCell, draftCellOf } from './draftThreads';

/** What the draft's thread actions send and read. */
export interface DraftThreadActionsInput {
  client: DraftRoomClient;
  userId: number;
  index: DraftCellIndex;
  /** Selects a thread's cell in the grid (absent: the cell shows as text). */
  onGoToCell?: (cell: DraftCell) => void;
}

/**
 * Sends one comment command to the draft room; true once acknowledged, false (with a toast naming
 * the reason) when refused, dropped or not answered.
 */
export async function sendComment(
  client: DraftRoomClient,
  command: Parameters<DraftRoomClient['send']>[0],
): Promise<boolean> {
  try {
    await client.send(command);
    return true;
  } catch (error) {
    notifyError(error instanceof Error ? error.message : 'The comment could not be sent.');
    return false;
  }
}

/**
 * The list review's thread actions (ThreadActions) for a shared draft's room (shared drafts:
 * comments on a draft): replies and resolve/reopen go to the room as `comment.reply` and
 * `thread.resolve`. A draft has no suggestions and no review lock, so nothing is moderated; anyone
 * in the draft may resolve or reopen any thread, which the list components offer to approvers, so
 * everyone counts as one here. Cells are named "Campaign, row 3" from the rows as they are now.
 */
export function useDraftThreadActions({
  client,
  userId,
  index,
  onGoToCell,
}: DraftThreadActionsInput): ThreadActions {
  return useMemo(
    () => ({
      userId,
      isApprover: true,
      moderationBlockedReason: null,
      queue: EMPTY_QUEUE,
      reply: (threadId, body) => sendComment(client, { type: 'comment.reply', threadId, body }),
      resolve: (threadId, resolved) => sendComment(client, { type: 'thread.resolve', threadId, resolved }),
      withdraw: async () => false,
      approve: () => {},
      reject: () => {},
      undoDecision: () => {},
      describeCell: (thread: Thread) => {
        const cell = draftCellOf(thread);
        return cell ? describeDraftCell(cell, index) : null;
      },
      goToCell: onGoToCell
        ? (thread: Thread) => {
            const cell = draftCellOf(thread);
            if (cell) onGoToCell(cell);
          }
        : undefined,
    }),
    [client, userId, index, onGoToCell],
  );
}
