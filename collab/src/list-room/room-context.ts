/** Who a connection is, set by the auth extension from the verified token. */
export interface RoomUser {
  id: number;
  name: string;
  isApprover: boolean;
  accountId: number;
  accountUuid: string;
  listId: number;
  /** The REST session the token was issued for (issue 8 item 4: its end drops the connection). */
  sessionId: string;
  /** The user's access version the token carries (`collab_access`). */
  accessVersion: number;
}

/** The Hocuspocus connection context of a list room. */
export interface RoomContext {
  user: RoomUser;
}

/** A command the room refuses, with the reason sent back to the client. */
export class RefusedError extends Error {}
