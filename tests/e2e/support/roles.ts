import { join } from 'node:path';
import { e2ePort } from './worker';

/** The demo people the end-to-end tests sign in as (seeded by the server on its empty database). */
export const ROLES = {
  admin: 'admin@acme.test',
  approver: 'approver@acme.test',
  commenter1: 'commenter1@acme.test',
  commenter2: 'commenter2@acme.test',
  user: 'user@acme.test',
} as const;
export type RoleName = keyof typeof ROLES;

/** The demo password (SEED_PASSWORD, default nomen-demo). */
export const DEMO_PASSWORD = process.env.SEED_PASSWORD ?? 'nomen-demo';

/**
 * Where the setup project saves each role's signed-in browser state: one folder per server port,
 * so two runs against two servers (E2E_PORT), and two workers on their own servers
 * (support/worker.ts), never overwrite each other's sessions. `port` defaults to this worker's
 * server's, read at call time: a spec's module-level `test.use({ storageState: storageStateOf(…) })`
 * runs in its worker, after the worker's environment is applied.
 */
export function storageStateOf(role: RoleName, port: number = e2ePort()): string {
  return join(import.meta.dirname, '..', '..', '.auth', String(port), `${role}.json`);
}
