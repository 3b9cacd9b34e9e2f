import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('docker-compose.yml', () => {
  it('is accepted by `docker-compose config` and holds postgres, redis, server, a job worker and two collab replicas', () => {
    let services: string;
    try {
      execFileSync('docker-compose', ['-f', join(root, 'docker-compose.yml'), 'config', '-q'], {
        cwd: root,
        stdio: 'pipe',
      });
      services = execFileSync(
        'docker-compose',
        ['-f', join(root, 'docker-compose.yml'), 'config', '--services'],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );
    } catch (error) {
      const e = error as { code?: string; stderr?: Buffer };
      if (e.code === 'ENOENT')
        throw new Error('docker-compose is not installed: apt-get install -y docker-compose');
      throw new Error(`docker-compose rejected the file: ${e.stderr?.toString() ?? String(error)}`);
    }
    expect(services.trim().split('\n').sort()).toEqual([
      'collab-1',
      'collab-2',
      'postgres',
      'redis',
      'server',
      'worker',
    ]);
    // Two docker-compose runs take several seconds on a busy machine.
  }, 30_000);
});
