import { integrationProvider } from '../provider';
import { buildKochavaClient } from './build';
import { testKochava } from './connection-test';

/**
 * The manifest of Kochava (Links API): "Test connection" of kochava accounts and the Kochava client
 * (spec 03 §7 app groups); the kochava slug itself is a link type with no run (UNDELIVERED_SLUGS in
 * ../registry.ts).
 */
export const kochavaProvider = integrationProvider({
  name: 'kochava',
  connectionTests: { kochava: testKochava },
  clients: { kochava: buildKochavaClient },
});
