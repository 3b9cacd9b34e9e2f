import { join } from 'node:path';

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
 * so two runs against two servers (E2E_PORT) never overwrite each other's sessions.
 */
export function storageStateOf(role: RoleName): string {
  const port = process.env.E2E_PORT ?? '3210';
  return join(import.meta.dirname, '..', '..', '.auth', port, `${role}.json`);
}
