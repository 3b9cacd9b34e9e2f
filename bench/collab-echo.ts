/**
 * The baseline of `npm run bench:collab`: a bare `ws` server (its own process, so its CPU and RSS
 * are measured like the collab process's) that broadcasts every message it receives to every
 * socket of the same room (the URL path), sender included, with no document and no coalescing;
 * except presence frames (Hocuspocus message type 1, read from the frame's second field), which it
 * receives and drops. That makes it the floor under the same load: the same sockets, the same
 * inbound presence traffic, one broadcast per comment. (A relay of every renewal is no floor: at
 * 1,000 clients in a room it is 60,000 sends a second and it stopped accepting connections, 408.)
 * ECHO_PORT (0 = any); prints `serving <port>` once it listens.
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
    // lib0 varString: a one-byte length for room names under 128 bytes, then the message type.
    if (data[0]! < 0x80 && data[1 + data[0]!] === 1) return;
    for (const peer of members) peer.send(data);
  });
  ws.on('close', () => {
    members.delete(ws);
    if (members.size === 0) rooms.delete(name);
  });
});
wss.once('listening', () => console.log(`serving ${(wss.address() as AddressInfo).port}`));
