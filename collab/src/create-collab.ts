import { Redis } from '@hocuspocus/extension-redis';
import { type Extension, Hocuspocus } from '@hocuspocus/server';
import { LOCK_IDLE_TIMEOUT_MS } from '@nomen/shared';
import type { Database, DbHandle } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import { CollabRepository } from './collab.repository';
import { DraftCommandsExtension } from './draft-room/DraftCommandsExtension';
import { DraftRoomRepository } from './draft-room/draft-room.repository';
import { AccessExtension } from './extensions/AccessExtension';
import { AuthExtension } from './extensions/AuthExtension';
import { CommandsExtension } from './extensions/CommandsExtension';
import { DepartedPresenceExtension } from './extensions/DepartedPresenceExtension';
import { PersistenceExtension } from './extensions/PersistenceExtension';
import { PresenceExtension } from './extensions/PresenceExtension';

/** What a collab server is made from. */
export interface CollabOptions {
  db: Kysely<Database>;
  /**
   * LISTEN on the database (DbHandle.listen of the same database): how revoked access reaches
   * live collaboration at once (issue 8 item 4). Without it (e.g. behind a pooler in transaction
   * mode, where LISTEN does not work) revoked users are still refused at their next command and
   * reconnect, but their open sockets stay until then.
   */
  listen?: DbHandle['listen'] | undefined;
  /** Signs and verifies collaboration tokens; the REST server signs with the same secret. */
  secret: string;
  /** redis://host:port — several collab instances then serve one room and converge. */
  redisUrl?: string | undefined;
  /** Lock idle timeout in ms (default LOCK_IDLE_TIMEOUT_MS). */
  lockTimeoutMs?: number;
  /** Debounce of document persistence in ms (Hocuspocus default 2000). */
  debounceMs?: number;
  /**
   * Window in ms over which presence renewals (an unchanged awareness state every 15 s from each
   * client) are collected and relayed to the room as one message (default 5000; see
   * collab/README.md, Presence). Joins, changes and leaves are relayed at once.
   */
  presenceRenewalMs?: number;
  /**
   * A connection that has not authenticated within this many ms, or an authenticated one silent
   * for as long, is closed (Hocuspocus `timeout`, default 30,000; browsers renew presence every
   * 15 s, so an open editor is never silent that long).
   */
  connectionTimeoutMs?: number;
  quiet?: boolean;
}

/**
 * Builds the Hocuspocus instance for list rooms and shared-draft rooms (ARCHITECTURE.md, Live
 * collaboration) from small extensions, each with one job: authentication, dropping connections
 * whose access goes (and applying REST writes to open draft rooms), presence from the token,
 * forgetting the presence clocks of departed clients, persistence of the Y.Doc in PostgreSQL,
 * list-room commands with the projection and lock lifecycle, draft-room commands, and Redis
 * replication when configured. Resolves once it listens for revocations; rejects when the database refuses
 * LISTEN.
 */
export async function createCollab(options: CollabOptions): Promise<Hocuspocus> {
  const repository = new CollabRepository(options.db);
  const drafts = new DraftRoomRepository(options.db);
  const draftCommands = new DraftCommandsExtension(drafts);
  // With Redis, other instances' commands reach a room's live document before they are stored.
  const persistence = new PersistenceExtension(
    repository,
    options.redisUrl ? undefined : (name) => draftCommands.isSettled(name),
  );
  const access = new AccessExtension(repository, options.listen, drafts, (document) =>
    persistence.applyPending(document),
  );
  const extensions: Extension[] = [
    new AuthExtension(options.secret, repository, drafts),
    access,
    new PresenceExtension(),
    new DepartedPresenceExtension(),
    persistence,
    new CommandsExtension(repository, options.lockTimeoutMs ?? LOCK_IDLE_TIMEOUT_MS),
    draftCommands,
  ];
  if (options.redisUrl) {
    const url = new URL(options.redisUrl);
    extensions.push(
      new Redis({
        host: url.hostname,
        port: Number(url.port || 6379),
        ...(url.password ? { options: { password: decodeURIComponent(url.password) } } : {}),
      }),
    );
  }
  const hocuspocus = new Hocuspocus({
    name: 'nomen-collab',
    quiet: options.quiet ?? true,
    debounce: options.debounceMs ?? 2000,
    maxDebounce: 10_000,
    awarenessRenewalDelay: options.presenceRenewalMs ?? 5000,
    timeout: options.connectionTimeoutMs ?? 30_000,
    extensions,
  });
  await access.start(hocuspocus);
  return hocuspocus;
}

/**
 * Shuts a collab instance down gracefully: closes every connection, stores pending documents
 * (so nothing acknowledged is lost), waits up to `timeoutMs` for rooms to unload, then runs the
 * extensions' onDestroy (Redis disconnects, timers stop).
 */
export async function stopCollab(hocuspocus: Hocuspocus, timeoutMs = 5000): Promise<void> {
  hocuspocus.closeConnections();
  hocuspocus.flushPendingStores();
  const deadline = Date.now() + timeoutMs;
  while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
  }
  await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
}
