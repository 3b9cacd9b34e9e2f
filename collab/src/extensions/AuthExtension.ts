import type { Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { parseDraftRoomName, parseRoomName } from '@nomen/shared';
import { type CollabClaims, verifyCollabToken } from '@nomen/shared/node';
import type { CollabRepository } from '../collab.repository';
import type { DraftContext } from '../draft-room/draft-context';
import type { DraftRoomRepository } from '../draft-room/draft-room.repository';
import { draftRefusal } from '../draft-room/draft-standing';
import type { RoomContext } from '../list-room/room-context';

/**
 * Authenticates room connections (ARCHITECTURE.md, Live collaboration). List rooms: the token's
 * signature and expiry, that the room is `<account uuid>:<list id>` of the token's account and
 * list, that the list exists there, and that the token's session is still open and the user's
 * access unchanged since it was issued (issue 8 item 4: an old token is refused after a logout,
 * reset, disable, delete, role or permission change). Draft rooms
 * (`<account uuid>:submission:<id>`, shared `draft-room.contract.ts`): a token whose `sub` is the
 * room's submission and `acc` its account; the submission must be a Draft of that account,
 * shared, and the user in it (its owner, invited by name, or anyone of the account when shared
 * with everyone; and able to use its template), with the same session and access checks. Every
 * connection is read-only: clients change a room only through commands. Throws (refusing the
 * connection) with the reason.
 */
export class AuthExtension implements Extension {
  constructor(
    private readonly secret: string,
    private readonly repository: CollabRepository,
    private readonly drafts: DraftRoomRepository,
  ) {}

  async onAuthenticate(
    data: onAuthenticatePayload<RoomContext | DraftContext>,
  ): Promise<RoomContext | DraftContext> {
    const claims = verifyCollabToken(data.token, this.secret);
    const context = parseDraftRoomName(data.documentName)
      ? await this.authenticateDraft(data.documentName, claims)
      : await this.authenticateList(data.documentName, claims);
    data.connectionConfig.readOnly = true;
    return context;
  }

  /** A list room's connection context (class doc), or throws with the reason. */
  private async authenticateList(documentName: string, claims: CollabClaims): Promise<RoomContext> {
    const room = parseRoomName(documentName);
    if (!room) throw new Error('unknown room');
    if (room.accountUuid !== claims.acc || claims.list === undefined || room.listId !== claims.list)
      throw new Error('room of another account or list');
    const accountId = await this.repository.accountOfList(room.accountUuid, room.listId);
    if (accountId === undefined) throw new Error('no such list');
    const user = {
      id: claims.uid,
      name: claims.name,
      isApprover: claims.approver,
      accountId,
      accountUuid: room.accountUuid,
      listId: room.listId,
      sessionId: claims.sid,
      accessVersion: claims.av,
    };
    const refusal = await this.repository.accessRefusal({
      userId: user.id,
      accountId,
      sessionId: user.sessionId,
      accessVersion: user.accessVersion,
    });
    if (refusal) throw new Error(refusal);
    return { user };
  }

  /** A draft room's connection context (class doc), or throws with the reason. */
  private async authenticateDraft(documentName: string, claims: CollabClaims): Promise<DraftContext> {
    const room = parseDraftRoomName(documentName)!;
    if (room.accountUuid !== claims.acc || claims.sub === undefined || room.submissionId !== claims.sub)
      throw new Error('room of another account or draft');
    const accountId = await this.drafts.accountIdOf(room.accountUuid);
    if (accountId === undefined) throw new Error('no such draft');
    const user = {
      kind: 'draft' as const,
      id: claims.uid,
      name: claims.name,
      isApprover: false as const,
      accountId,
      accountUuid: room.accountUuid,
      submissionId: room.submissionId,
      sessionId: claims.sid,
      accessVersion: claims.av,
    };
    const standing = await this.drafts.standing(
      { userId: user.id, accountId, sessionId: user.sessionId, accessVersion: user.accessVersion },
      room.submissionId,
    );
    if (!standing.submission) throw new Error('no such draft');
    const refusal = draftRefusal(standing, null);
    if (refusal) throw new Error(refusal.reason);
    return { user };
  }
}
