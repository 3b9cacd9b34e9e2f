export * from './connect';
export * from './database';
export { PGlitePool } from './pglite-pool';
