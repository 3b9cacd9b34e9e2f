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

/** Where the setup project saves each role's signed-in browser state. */
export function storageStateOf(role: RoleName): string {
  return join(import.meta.dirname, '..', '..', '.auth', `${role}.json`);
}
