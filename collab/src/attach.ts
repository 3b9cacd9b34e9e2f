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
    const hookRequest = new HookRequest(request) as unknown as Request;
    wss.handleUpgrade(request, socket, head, (ws) => accept(hocuspocus, ws, hookRequest));
  };
  server.on('upgrade', onUpgrade);
  return async () => {
    server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}

/**
 * What a connection keeps of its upgrade request for its whole life. Hocuspocus reads `url` (its
 * query becomes the hooks' `requestParameters`) and `headers` (`requestHeaders`) and keeps both
 * in every connection's hook payload; none of Nomen's hooks reads either (the token carries who
 * connects and to which room). A fetch `Request` with its headers costs about 1.5 KB per idle
 * connection (two URLs, an AbortSignal, a header list), so this keeps the path and answers one
 * shared, empty `Headers` (issue 14 item 4: memory per idle connection).
 */
class HookRequest {
  static readonly #noHeaders = new Headers();
  /** The request's path and query, e.g. `/collab`. */
  readonly url: string;

  constructor(request: IncomingMessage) {
    this.url = request.url ?? '/';
  }

  /** No headers: see the class comment. */
  get headers(): Headers {
    return HookRequest.#noHeaders;
  }
}

/** Hands an upgraded socket to Hocuspocus (built outside the upgrade's closure, which it would keep). */
function accept(hocuspocus: Hocuspocus, ws: WebSocket, request: Request): void {
  const connection = hocuspocus.handleConnection(ws, request);
  ws.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
  ws.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
  ws.on('error', () => ws.terminate());
}
