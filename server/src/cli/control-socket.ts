import { existsSync, unlinkSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { AppError } from '@nomen/shared';
import type { AppDeps } from '../http/context';
import { runCommand } from './commands';

/** Where a running embedded server listens for operator commands. */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'nomen.sock');
}

/**
 * Serves operator commands on a Unix socket in the data folder (issue 2 §8). PGlite admits one
 * process, so while `npm start` holds the embedded database the CLI hands its command to the
 * server through this socket. Only local users with access to the folder can reach it.
 */
export function startControlSocket(deps: AppDeps): Promise<Server> {
  const path = controlSocketPath(deps.config.dataDir);
  if (existsSync(path)) unlinkSync(path);
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      void (async () => {
        try {
          const { command, args } = JSON.parse(text) as { command: string; args: Record<string, string> };
          const lines = await runCommand(deps, command, args ?? {});
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ lines }));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const status = error instanceof AppError ? error.status : 500;
          res
            .writeHead(status, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: message }));
        }
      })();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(server));
  });
}

/**
 * Sends a command to a running server's control socket. Resolves to its output, or `null` when
 * no server listens there (no socket, or a stale one left by a crash). Rejects with the
 * server's error message when the command fails.
 */
export function sendToControlSocket(
  dataDir: string,
  command: string,
  args: Record<string, string>,
): Promise<string[] | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/', method: 'POST' }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        const body = JSON.parse(text) as { lines?: string[]; error?: string };
        if (body.error) reject(new Error(body.error));
        else resolve(body.lines ?? []);
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
    req.end(JSON.stringify({ command, args }));
  });
}
