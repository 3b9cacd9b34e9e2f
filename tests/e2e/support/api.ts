import { type APIRequestContext, request } from '@playwright/test';
import { type RoleName, storageStateOf } from './roles';

/**
 * An API client signed in as `role` (from the setup project's storage state), for seeding data
 * through the API rather than by clicking (STYLE.md). Dispose it after use.
 */
export async function apiAs(role: RoleName, baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, storageState: storageStateOf(role) });
}

/** A name unique to this test run, so tests never collide with each other or the seed. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
