import type { Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { parseRoomName } from '@nomen/shared';
import { verifyCollabToken } from '@nomen/shared/node';
import type { CollabRepository } from '../collab.repository';
import type { RoomContext } from '../list-room/room-context';

/**
 * Authenticates list-room connections (ARCHITECTURE.md, Live collaboration): the token's
 * signature and expiry, that the room is `<account uuid>:<list id>` of the token's account and
 * list, that the list exists there, and that the token's session is still open and the user's
 * access unchanged since it was issued (issue 8 item 4: an old token is refused after a logout,
 * reset, disable, delete, role or permission change). Every connection is read-only: clients
 * change the room only through commands. Throws (refusing the connection) with the reason.
 */
export class AuthExtension implements Extension {
  constructor(
    private readonly secret: string,
    private readonly repository: CollabRepository,
  ) {}

  async onAuthenticate(data: onAuthenticatePayload<RoomContext>): Promise<RoomContext> {
    const claims = verifyCollabToken(data.token, this.secret);
    const room = parseRoomName(data.documentName);
    if (!room) throw new Error('unknown room');
    if (room.accountUuid !== claims.acc || room.listId !== claims.list)
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
    data.connectionConfig.readOnly = true;
    return { user };
  }
}
