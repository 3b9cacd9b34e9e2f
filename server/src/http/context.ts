import {
  type AccountSettings,
  AppError,
  type FeatureFlag,
  type Permission,
  type Role,
  type RoomCommandInput,
} from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';

/** What every service can reach: the database, configuration and mail. */
export interface AppDeps {
  db: Kysely<Database>;
  /** The pg pool behind `db` on PostgreSQL, for COPY streams; null on the embedded database. */
  pool: pg.Pool | null;
  config: Config;
  mailer: Mailer;
  /**
   * The job queue of this process (issue 12 item 4), when one runs: `nudge` dispatches the
   * integration runs a commit just queued. Without it runs wait for a process that has one.
   */
  jobs?: { nudge(): void } | null;
  /**
   * Runs list-room commands in a list's room as a user's client would send them (collab's
   * `runRoomCommands`), where the composition root gives it (scripts/embedded.ts): the demo
   * history's list suggestions (server/src/seed/demo-history.ts). The server never imports collab.
   */
  roomCommands?: RoomCommandRunner | null;
}

/**
 * Runs `commands` (the room's command schema, spec 02 §4) as `user` in the review room of list
 * `room.listId`, storing each as an acknowledged command; answers the thread id each made or named.
 */
export type RoomCommandRunner = (
  db: Kysely<Database>,
  room: { accountId: number; accountUuid: string; listId: number },
  user: { id: number; name: string; isApprover: boolean },
  commands: readonly RoomCommandInput[],
) => Promise<(string | null)[]>;

/**
 * The signed-in user a request acts as, loaded fresh per request so that changes to roles,
 * permissions, flags and settings take effect at once (issue 2 §6).
 */
export interface Actor {
  userId: number;
  userName: string;
  email: string;
  role: Role;
  superAdmin: boolean;
  accountId: number;
  accountUuid: string;
  accountName: string;
  permissions: Permission[];
  features: FeatureFlag[];
  settings: AccountSettings;
  /** The user's job title (shown by /auth/me). */
  title: string;
  /** SHA-256 id of the session the request came with; null when an API token authenticated it. */
  sessionId: string | null;
  /** The personal API token that authenticated the request (issue 11 item 10); null for a session. */
  apiTokenId: number | null;
}

/**
 * The session id of a session Actor (sign-out, collaboration tokens, OAuth state binding).
 * Throws 403 for a request authenticated by an API token: such endpoints are `sessionOnly`, so
 * this only guards against a route that forgot to say so.
 */
export function sessionIdOf(actor: Actor): string {
  if (actor.sessionId === null) throw new AppError('FORBIDDEN', API_TOKEN_REFUSED_MESSAGE);
  return actor.sessionId;
}

/** The answer of a session-only endpoint to a request authenticated by an API token. */
export const API_TOKEN_REFUSED_MESSAGE = 'This needs a signed-in browser session; API tokens cannot do it';
