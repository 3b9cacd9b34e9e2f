import { AsyncLocalStorage } from 'node:async_hooks';
import { type ConnectionBuilder, Kysely, type TransactionBuilder } from 'kysely';

/** The transaction (or held connection) a piece of async work runs inside, while it is open. */
interface OpenScope {
  open: boolean;
  /** What opened it: "a transaction" or "a held connection". */
  kind: string;
}

const scope = new AsyncLocalStorage<OpenScope>();

/**
 * Thrown when code asks the pool for a second connection while a transaction (or a connection
 * held with `db.connection()`) is open in the same async call chain. On the embedded database,
 * which has one connection, that request would wait forever for the transaction that is waiting
 * for it; on PostgreSQL it reads outside the transaction and can exhaust the pool. So it fails at
 * once, in every mode, naming the call that asked (ARCHITECTURE.md, "inside a transaction pass
 * only trx on").
 */
export class NestedConnectionError extends Error {
  constructor(what: string, kind: string, caller: string) {
    super(
      `${what} asked for a second database connection while ${kind} is open (from ${caller}); ` +
        'inside a transaction pass its trx on, never deps or db',
    );
    this.name = 'NestedConnectionError';
  }
}

/** The first stack frame of the project's own code that is not the database layer itself. */
function callerOf(stack: string | undefined): string {
  const frames = (stack ?? '').split('\n').slice(1);
  const own = frames.find(
    (f) =>
      !f.includes('node_modules') &&
      !f.includes('node:') &&
      !/[/\\]db[/\\](transaction-guard|pglite-pool|connect)\.ts/.test(f) &&
      !f.includes('db/connection.ts'),
  );
  return own?.trim().replace(/^at\s+/, '') ?? 'an unknown caller';
}

/**
 * Throws NestedConnectionError when the calling async chain is inside an open transaction or held
 * connection; does nothing otherwise. Every way of taking a connection from a pool calls it first
 * (the PostgreSQL and PGlite pools behind Kysely, `withConnection`, `executeSql`). `what` names the
 * kind of request in the message ("A query", "withConnection").
 */
export function assertNoOpenTransaction(what: string): void {
  const open = scope.getStore();
  if (open?.open) throw new NestedConnectionError(what, open.kind, callerOf(new Error().stack));
}

/** Runs `work` marked as inside `kind`; the mark ends when `work` settles (detached work may go on). */
async function runOpen<T>(kind: string, work: () => Promise<T>): Promise<T> {
  const open: OpenScope = { open: true, kind };
  try {
    return await scope.run(open, work);
  } finally {
    open.open = false;
  }
}

/** A TransactionBuilder whose callback runs marked as inside a transaction. */
function guardTransaction<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const guarded = Object.create(builder) as TransactionBuilder<DB>;
  guarded.execute = (callback) => builder.execute((trx) => runOpen('a transaction', () => callback(trx)));
  guarded.setAccessMode = (mode) => guardTransaction(builder.setAccessMode(mode));
  guarded.setIsolationLevel = (level) => guardTransaction(builder.setIsolationLevel(level));
  return guarded;
}

/**
 * Kysely whose `transaction()` and `connection()` callbacks run marked as holding a connection,
 * so that any query through the pool inside them fails fast with NestedConnectionError instead
 * of waiting on the embedded database's single connection. Queries through the callback's own
 * `trx` (or connection) never ask the pool, so they run as usual.
 */
export class GuardedKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return guardTransaction(super.transaction());
  }

  override connection(): ConnectionBuilder<DB> {
    const builder = super.connection();
    const guarded = Object.create(builder) as ConnectionBuilder<DB>;
    guarded.execute = (callback) =>
      builder.execute((connection) => runOpen('a held connection', () => callback(connection)));
    return guarded;
  }
}
