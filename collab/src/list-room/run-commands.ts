import { type RoomCommandInput, roomCommandSchema, roomName } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import * as Y from 'yjs';
import { CollabRepository } from '../collab.repository';
import { type HandlerContext, handleCommand } from './handlers';
import { RefusedError } from './room-context';
import { RoomDoc } from './room-doc';

/** Applies a stored state or update, in Yjs update format v2 or (older rows) v1. */
function applyStored(doc: Y.Doc, update: Uint8Array): void {
  try {
    Y.applyUpdateV2(doc, update);
  } catch {
    Y.applyUpdate(doc, update);
  }
}

/**
 * Runs list-room commands as `user` without a connection (spec 02 §4; ARCHITECTURE.md, Live
 * collaboration): the room is read from PostgreSQL as a collab server loads it, each command is
 * parsed by the room's command schema and applied by the same `handleCommand` a connected
 * client's command goes through, and its Yjs update (v2) is appended to `collab_updates` with the
 * list's new pending-suggestion count (`CollabRepository.appendUpdate`), as CommandsExtension
 * stores an acknowledged command. The collab server folds the updates into the room when it next
 * loads it, so this is for rooms no collab server holds open: the demo seed, which runs before
 * collab starts (scripts/embedded.ts passes this function to the server). Answers the thread id
 * each command made or named (null for others). Throws RefusedError with the reason when a
 * command is refused (nothing of it is stored) or the list is gone; a malformed command throws
 * the schema's error.
 */
export async function runRoomCommands(
  db: Kysely<Database>,
  room: { accountId: number; accountUuid: string; listId: number },
  user: { id: number; name: string; isApprover: boolean },
  commands: readonly RoomCommandInput[],
): Promise<(string | null)[]> {
  const repository = new CollabRepository(db);
  const name = roomName(room.accountUuid, room.listId);
  const doc = new Y.Doc();
  const stored = await repository.loadDocument(name);
  if (stored.state) applyStored(doc, stored.state);
  for (const update of stored.updates) applyStored(doc, update);
  const roomDoc = new RoomDoc(doc);
  const threadIds: (string | null)[] = [];
  try {
    for (const input of commands) {
      const command = roomCommandSchema.parse(input);
      const origin = { source: 'local' as const, command: command.id };
      const updates: Uint8Array[] = [];
      const capture = (update: Uint8Array, from: unknown) => {
        if (from === origin) updates.push(update);
      };
      const ctx: HandlerContext = {
        room: roomDoc,
        // No session: the handlers never read it, and the caller stands for the user's own client.
        user: {
          ...user,
          accountId: room.accountId,
          accountUuid: room.accountUuid,
          listId: room.listId,
          sessionId: '',
          accessVersion: 0,
        },
        repository,
        lockTimeoutMs: 0,
        change: (fn) => doc.transact(fn, origin),
        broadcast: () => undefined,
      };
      doc.on('updateV2', capture);
      let result: Awaited<ReturnType<typeof handleCommand>>;
      try {
        result = await handleCommand(ctx, command);
      } finally {
        doc.off('updateV2', capture);
      }
      if (updates.length > 0) {
        const update = updates.length === 1 ? updates[0]! : Y.mergeUpdatesV2(updates);
        const pending = result.threadsChanged === true ? roomDoc.pendingSuggestions() : null;
        const appended = await repository.appendUpdate(
          { name, listId: room.listId, accountId: room.accountId },
          update,
          pending,
        );
        if (!appended) throw new RefusedError('This list no longer exists');
      }
      threadIds.push(result.threadId ?? null);
    }
  } finally {
    doc.destroy();
  }
  return threadIds;
}
