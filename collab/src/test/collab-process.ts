import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { TEST_SECRET } from './collab-harness';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts collab/src/main.ts (via tsx, as tests/e2e/support/collab-stack.ts does) on `port` over
 * the test database, without Redis; resolves once it serves.
 */
export function startCollabProcess(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'collab/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      COLLAB_PORT: String(port),
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_test',
      NOMEN_SECRET_KEY: TEST_SECRET,
      NODE_ENV: 'test',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving')) resolve(proc);
    });
    proc.once('exit', (code) => reject(new Error(`collab exited with ${code}`)));
  });
}

/** Kills a process with SIGKILL; resolves once it is gone. */
export function killHard(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      resolve();
      return;
    }
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}
