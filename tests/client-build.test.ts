import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'scripts', 'client-build.mjs');
const roots: string[] = [];

/**
 * A throw-away workspace whose `@nomen/client` build is `build`, a Node script that writes to the
 * `--outDir` it is given (else `dist`, as Vite does); dist holds an older, working build.
 */
function workspace(build: string): string {
  const root = mkdtempSync(join(tmpdir(), 'nomen-client-build-'));
  roots.push(root);
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'ws', private: true, workspaces: ['client'] }),
  );
  mkdirSync(join(root, 'client', 'dist'), { recursive: true });
  mkdirSync(join(root, 'shared', 'src'), { recursive: true });
  writeFileSync(
    join(root, 'client', 'package.json'),
    JSON.stringify({ name: '@nomen/client', private: true, scripts: { build: 'node build.mjs' } }),
  );
  writeFileSync(join(root, 'client', 'build.mjs'), build);
  writeFileSync(join(root, 'client', 'dist', 'index.html'), 'old working build');
  // The sources are newer than the build, so a start must build.
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(root, 'client', 'dist', 'index.html'), past, past);
  return root;
}

/** Runs ensureClientBuilt(root) as `npm start` does, in its own process (a failure exits it). */
function ensureBuilt(root: string) {
  const code = `import(${JSON.stringify(script)}).then((m) => m.ensureClientBuilt(${JSON.stringify(root)}))`;
  return spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the client build of `npm start`', () => {
  it('keeps the previous build and exits with an error when the build fails half-way', () => {
    const root = workspace(`
      import { mkdirSync, writeFileSync } from 'node:fs';
      const at = process.argv.indexOf('--outDir');
      const out = at > 0 ? process.argv[at + 1] : 'dist';
      mkdirSync(out, { recursive: true });
      writeFileSync(out + '/index.html', 'half-written');
      console.error('Could not resolve "missing-package"');
      process.exit(1);
    `);
    const run = ensureBuilt(root);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('the client build failed');
    expect(readFileSync(join(root, 'client', 'dist', 'index.html'), 'utf8')).toBe('old working build');
  });

  it('replaces the build with the new one when it succeeds', () => {
    const root = workspace(`
      import { mkdirSync, writeFileSync } from 'node:fs';
      const at = process.argv.indexOf('--outDir');
      const out = at > 0 ? process.argv[at + 1] : 'dist';
      mkdirSync(out, { recursive: true });
      writeFileSync(out + '/index.html', 'new build');
    `);
    const run = ensureBuilt(root);
    expect(run.status).toBe(0);
    expect(readFileSync(join(root, 'client', 'dist', 'index.html'), 'utf8')).toBe('new build');
  });
});
