/**
 * The baseline of `npm run bench:collab`: a bare `ws` server (its own process, so its CPU and RSS
 * are measured like the collab process's) that broadcasts every message it receives to every
 * socket of the same room (the URL path), sender included, with no parsing, no document and no
 * coalescing. ECHO_PORT (0 = any); prints `serving <port>` once it listens.
 */
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

const rooms = new Map<string, Set<WebSocket>>();
const wss = new WebSocketServer({ port: Number(process.env.ECHO_PORT ?? 0), perMessageDeflate: false });
wss.on('connection', (ws, request) => {
  const name = request.url ?? '/';
  let room = rooms.get(name);
  if (!room) {
    room = new Set();
    rooms.set(name, room);
  }
  const members = room;
  members.add(ws);
  ws.on('message', (data: Buffer) => {
    for (const peer of members) peer.send(data);
  });
  ws.on('close', () => {
    members.delete(ws);
    if (members.size === 0) rooms.delete(name);
  });
});
wss.once('listening', () => console.log(`serving ${(wss.address() as AddressInfo).port}`));
