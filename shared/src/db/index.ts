export * from './connect';
export * from './database';
export { PGlitePool } from './pglite-pool';
export { assertNoOpenTransaction, GuardedKysely, NestedConnectionError } from './transaction-guard';
