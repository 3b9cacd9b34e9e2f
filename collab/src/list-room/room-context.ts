/** Who a connection is, set by the auth extension from the verified token. */
export interface RoomUser {
  id: number;
  name: string;
  isApprover: boolean;
  accountId: number;
  accountUuid: string;
  listId: number;
}

/** The Hocuspocus connection context of a list room. */
export interface RoomContext {
  user: RoomUser;
}

/** A command the room refuses, with the reason sent back to the client. */
export class RefusedError extends Error {}
