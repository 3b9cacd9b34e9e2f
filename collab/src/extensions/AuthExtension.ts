import type { Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { parseRoomName } from '@nomen/shared';
import { verifyCollabToken } from '@nomen/shared/node';
import type { CollabRepository } from '../collab.repository';
import type { RoomContext } from '../list-room/room-context';

/**
 * Authenticates list-room connections (ARCHITECTURE.md, Live collaboration): the token's
 * signature and expiry, that the room is `<account uuid>:<list id>` of the token's account and
 * list, and that the list exists there. Every connection is read-only: clients change the room
 * only through commands. Throws (refusing the connection) with the reason otherwise.
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
    data.connectionConfig.readOnly = true;
    return {
      user: {
        id: claims.uid,
        name: claims.name,
        isApprover: claims.approver,
        accountId,
        accountUuid: room.accountUuid,
        listId: room.listId,
      },
    };
  }
}
