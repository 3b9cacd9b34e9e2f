import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hocuspocus } from '@hocuspocus/server';
import { type WebSocket, WebSocketServer } from 'ws';

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
    const hookRequest = requestForHooks(request);
    wss.handleUpgrade(request, socket, head, (ws) => accept(hocuspocus, ws, hookRequest));
  };
  server.on('upgrade', onUpgrade);
  return async () => {
    server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}

/** Request headers a connection keeps for Hocuspocus's hooks (none of ours reads others). */
const KEPT_HEADERS = ['host', 'origin', 'user-agent', 'x-forwarded-for', 'x-real-ip'];

/**
 * The small `Request` a connection keeps for its life (Hocuspocus hands it to hooks as
 * `requestHeaders`/`requestParameters`): the URL and a few headers, not the upgrade's
 * IncomingMessage, its cookies or its socket (issue 14 item 4: memory per idle connection).
 */
function requestForHooks(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const key of KEPT_HEADERS) {
    const value = request.headers[key];
    if (typeof value === 'string') headers.set(key, value);
  }
  return new Request(`http://localhost${request.url ?? '/'}`, { headers });
}

/** Hands an upgraded socket to Hocuspocus (built outside the upgrade's closure, which it would keep). */
function accept(hocuspocus: Hocuspocus, ws: WebSocket, request: Request): void {
  const connection = hocuspocus.handleConnection(ws, request);
  ws.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
  ws.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
  ws.on('error', () => ws.terminate());
}
