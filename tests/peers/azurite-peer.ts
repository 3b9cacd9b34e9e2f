import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** Azurite's well-known development account (published in Microsoft's Azurite README). */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
/** The key of {@link AZURITE_ACCOUNT}. */
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/** A running Azurite Blob service. `endpoint` has `{account}` for the account name. */
export interface AzuritePeer {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * Starts Microsoft's Azurite Blob service from node_modules (in memory, on a free port, no
 * telemetry) and resolves once it listens.
 */
export function startAzuritePeer(): Promise<AzuritePeer> {
  const main = createRequire(import.meta.url).resolve('azurite/dist/src/blob/main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      main,
      '--inMemoryPersistence',
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--disableTelemetry',
      '--skipApiVersionCheck',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Azurite did not start: ${out}`));
    }, 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listens on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          endpoint: `${m[1]}/{account}`,
          close: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) done();
              else {
                child.once('exit', () => done());
                child.kill();
              }
            }),
        });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited (${code}): ${out}`));
    });
  });
}
