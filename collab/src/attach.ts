import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hocuspocus } from '@hocuspocus/server';
import { WebSocketServer } from 'ws';

/** Path of the collaboration WebSocket on a shared HTTP server. */
export const COLLAB_PATH = '/collab';

/**
 * Serves `hocuspocus` on WebSocket upgrades of `path` of an existing HTTP server (embedded
 * mode: one process, one port). Other upgrade paths are left alone. Returns a function that
 * detaches and closes every collaboration socket.
 */
export function attachCollab(
  server: Server,
  hocuspocus: Hocuspocus,
  path = COLLAB_PATH,
): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path && !url.pathname.startsWith(`${path}/`)) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(key, value);
      }
      const connection = hocuspocus.handleConnection(
        ws,
        new Request(`http://localhost${request.url ?? '/'}`, { headers }),
      );
      ws.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
      ws.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
      ws.on('error', () => ws.terminate());
    });
  };
  server.on('upgrade', onUpgrade);
  return async () => {
    server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
