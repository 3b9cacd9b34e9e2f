import { join } from 'node:path';

/**
 * One server per Playwright worker (tests/playwright.config.ts). Worker i (testInfo.parallelIndex,
 * 0..E2E_WORKERS-1) owns the server on E2E_PORT + 100 × i, with its own database (E2E_DATABASE_URL,
 * suffixed `_w<i>` for i > 0, on which the server seeds its own demo account), its own provider
 * stand-ins (ports derived from its own port: OpenID Connect + 7, S3 + 8), its own DATA_DIR and its
 * own collaboration stacks (COLLAB_E2E_PORT, default its port + 30, + 10 × slot + 0..2). Each
 * worker's ports thus stay within the 100 above its port, so no two workers meet.
 *
 * Support files and specs read the worker's values from process.env (E2E_PORT and the variables
 * below), as they did with one server: importing this module in a worker process applies the
 * worker's environment once, before the importing module's body runs. The base values stay in
 * <name>_BASE so applying again changes nothing.
 */

/** Ports between two workers' servers: every port a worker uses is its server's + 0..99. */
export const WORKER_PORT_SPACING = 100;

/** Variables holding a port that moves with the worker when the operator sets it. */
const PORT_VARIABLES = ['E2E_OIDC_PORT', 'E2E_S3_PORT', 'COLLAB_E2E_PORT'] as const;

/** Variables whose base value is kept under <name>_BASE once a worker's value replaces it. */
const WORKER_VARIABLES = ['E2E_PORT', 'E2E_DATABASE_URL', 'E2E_DATA_DIR', ...PORT_VARIABLES] as const;

/** The default database of the end-to-end server (start-server.mjs). */
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/nomen_e2e';

/**
 * How many workers (and servers) the run uses: E2E_WORKERS, default 1, at least 1. On the 2-core
 * CI machine two workers (two servers, two browsers beside the embedded server) finished fewer
 * tests a minute than one, so one is the default; more cores take more.
 */
export function e2eWorkers(): number {
  const workers = Math.floor(Number(process.env.E2E_WORKERS ?? 1));
  return Number.isFinite(workers) && workers >= 1 ? workers : 1;
}

/** The operator's value of `name`, before any worker's value replaced it (undefined when unset). */
function baseValue(name: (typeof WORKER_VARIABLES)[number]): string | undefined {
  return process.env[`${name}_BASE`] ?? process.env[name];
}

/** The port of worker 0's server: E2E_PORT as the operator set it, default 3210. */
export function e2eBasePort(): number {
  return Number(baseValue('E2E_PORT') ?? 3210);
}

/**
 * The environment of worker `index` (0-based): E2E_PORT, E2E_DATABASE_URL and, when the operator
 * set them, E2E_DATA_DIR (suffixed `-w<i>` for i > 0), E2E_OIDC_PORT, E2E_S3_PORT and
 * COLLAB_E2E_PORT (each + 100 × i). Worker 0's values are the operator's, so one worker behaves as
 * the single server always did. Used by the config to start each worker's server and by each
 * worker to find it.
 */
export function workerEnv(index: number): Record<string, string> {
  const shift = WORKER_PORT_SPACING * index;
  const database = new URL(baseValue('E2E_DATABASE_URL') ?? DEFAULT_DATABASE_URL);
  if (index > 0) database.pathname = `${database.pathname}_w${index}`;
  const env: Record<string, string> = {
    E2E_PORT: String(e2eBasePort() + shift),
    E2E_DATABASE_URL: database.toString(),
  };
  const dataDir = baseValue('E2E_DATA_DIR');
  if (dataDir) env.E2E_DATA_DIR = index > 0 ? `${dataDir}-w${index}` : dataDir;
  for (const name of PORT_VARIABLES) {
    const port = baseValue(name);
    if (port) env[name] = String(Number(port) + shift);
  }
  return env;
}

/**
 * Makes process.env worker `index`'s environment (workerEnv), keeping the operator's values under
 * <name>_BASE; idempotent.
 */
export function applyWorkerEnv(index: number): void {
  const env = workerEnv(index);
  // The defaults count as the operator's values: once worker i's replace them, the base port and
  // database must still be worker 0's (the embedded server's port derives from the base port).
  const defaults: Partial<Record<(typeof WORKER_VARIABLES)[number], string>> = {
    E2E_PORT: String(e2eBasePort()),
    E2E_DATABASE_URL: DEFAULT_DATABASE_URL,
  };
  for (const name of WORKER_VARIABLES) {
    const base = baseValue(name) ?? defaults[name];
    if (base !== undefined) process.env[`${name}_BASE`] = base;
  }
  Object.assign(process.env, env);
}

/** This process's worker (TEST_PARALLEL_INDEX, set by Playwright in its worker processes), else 0. */
export function currentWorkerIndex(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** The port of this worker's server (E2E_PORT once the worker's environment is applied). */
export function e2ePort(): number {
  return Number(process.env.E2E_PORT ?? 3210);
}

/** The DATA_DIR of this worker's server (start-server.mjs), where mail lands as files. */
export function e2eDataDir(): string {
  return process.env.E2E_DATA_DIR ?? join(import.meta.dirname, '..', '..', '..', '.data', `e2e-${e2ePort()}`);
}

// In a Playwright worker, every module that reads the worker's environment sees it applied.
if (process.env.TEST_PARALLEL_INDEX !== undefined) applyWorkerEnv(currentWorkerIndex());
