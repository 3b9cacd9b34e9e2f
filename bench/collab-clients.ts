/**
 * A client process of `npm run bench:collab` (started by bench/collab.bench.ts with an IPC
 * channel). It holds a share of the benchmark's WebSocket clients so that no one process is the
 * bottleneck, and speaks the wire protocol of @hocuspocus/provider without building a Y.Doc per
 * client (a browser's work is the browser's, not the server's):
 *  - `hocuspocus` mode: Auth (token), SyncStep1 of an empty document, the SyncStep2 answer to the
 *    server's SyncStep1, then the browser's presence ({ user: { name, color }, cell: null }) with
 *    clock 1, renewed like y-protocols' Awareness does (every 15 s, checked every 3 s: so 15-18 s
 *    apart, at a random phase per client);
 *  - `echo` mode: the same awareness frames, same sizes and times, to the bare ws broadcast server.
 * The parent sends commands (see `Command`); timestamps are CLOCK_MONOTONIC (process.hrtime),
 * which all processes on the machine share, in ms.
 */
import { randomInt } from 'node:crypto';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';

/** Hocuspocus message types (packages/server/src/types.ts MessageType). */
const SYNC = 0;
const AWARENESS = 1;
const AUTH = 2;
const STATELESS = 5;
/** y-protocols awareness: a state is renewed once it is 15 s old; the check runs every 3 s. */
const RENEW_AFTER_MS = 15_000;
const CHECK_EVERY_MS = 3_000;

/** One client to open: its room, its token (hocuspocus mode) and the user it shows. */
export interface ClientSpec {
  room: string;
  token: string;
  userId: number;
  /** Sends the room's probes (and is not counted as a receiver). */
  isSender?: boolean;
}

/** What the parent asks of a client process (answers carry the same `seq`). */
export type Command =
  | {
      seq: number;
      cmd: 'connect';
      url: string;
      mode: 'hocuspocus' | 'echo';
      clients: ClientSpec[];
      localAddress: string;
    }
  | { seq: number; cmd: 'arm'; room: string; marker: string }
  | { seq: number; cmd: 'send'; room: string; marker: string; id: string; body: string }
  | { seq: number; cmd: 'usage' }
  | { seq: number; cmd: 'close' }
  | {
      seq: number;
      cmd: 'churn';
      url: string;
      clients: ClientSpec[];
      cycles: number;
      concurrency: number;
      localAddresses: string[];
    };

interface Client {
  spec: ClientSpec;
  ws: WebSocket;
  clientId: number;
  clock: number;
  state: string;
  timer: NodeJS.Timeout | null;
  /** The sender of probes in its room (excluded from the receivers). */
  isSender: boolean;
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
let mode: 'hocuspocus' | 'echo' = 'hocuspocus';
const clients: Client[] = [];
let received = 0;

function frame(room: string, type: number, write: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, room);
  encoding.writeVarUint(e, type);
  write(e);
  return encoding.toUint8Array(e);
}

function awarenessFrame(c: Client): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, 1);
  encoding.writeVarUint(update, c.clientId);
  encoding.writeVarUint(update, c.clock);
  encoding.writeVarString(update, c.state);
  return frame(c.spec.room, AWARENESS, (e) => encoding.writeVarUint8Array(e, encoding.toUint8Array(update)));
}

/** Renews `c`'s presence like y-protocols: next check tick at or after 15 s since the last update. */
function scheduleRenewal(c: Client, firstInMs?: number): void {
  const delay = firstInMs ?? RENEW_AFTER_MS + Math.random() * CHECK_EVERY_MS;
  c.timer = setTimeout(() => {
    if (c.ws.readyState !== WebSocket.OPEN) return;
    c.clock += 1;
    c.ws.send(awarenessFrame(c));
    scheduleRenewal(c);
  }, delay);
}

/** An armed probe: the marker bytes, and the receivers of the room that have not seen it yet. */
let probe: { room: string; marker: Buffer; waiting: Set<Client>; arrivals: number[] } | null = null;
/** The sender's pending acknowledgement: command id bytes and when it was sent. */
let pendingAck: { id: Buffer; sentAt: number; seq: number } | null = null;

function onMessage(c: Client, data: Buffer): void {
  received += 1;
  if (probe?.waiting.has(c) && data.indexOf(probe.marker) !== -1) {
    probe.arrivals.push(nowMs());
    probe.waiting.delete(c);
    if (probe.waiting.size === 0) {
      process.send!({ probe: probe.marker.toString(), arrivals: probe.arrivals });
      probe = null;
    }
  }
  if (mode !== 'hocuspocus') return;
  const d = decoding.createDecoder(data);
  decoding.readVarString(d);
  const type = decoding.readVarUint(d);
  if (pendingAck && c.isSender && type === STATELESS && data.indexOf(pendingAck.id) !== -1) {
    reply(pendingAck.seq, { sentAt: pendingAck.sentAt, ackAt: nowMs() });
    pendingAck = null;
  }
  // Answer the server's SyncStep1 with the SyncStep2 of an empty document, as the provider does.
  if ((type === SYNC || type === 4) && decoding.readVarUint(d) === 0) {
    c.ws.send(
      frame(c.spec.room, SYNC, (e) => {
        encoding.writeVarUint(e, 1);
        encoding.writeVarUint8Array(e, new Uint8Array([0, 0]));
      }),
    );
  }
}

/** Opens one client and resolves once it is authenticated and has sent its presence. */
function open(spec: ClientSpec, url: string, localAddress: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(mode === 'echo' ? `${url}/${encodeURIComponent(spec.room)}` : url, {
      localAddress,
      perMessageDeflate: false,
    });
    const c: Client = {
      spec,
      ws,
      clientId: randomInt(1, 2 ** 31),
      clock: 1,
      state: JSON.stringify({
        user: { name: `Bench user ${spec.userId}`, color: '#1c7ed6' },
        cell: null,
      }),
      timer: null,
      isSender: spec.isSender === true,
    };
    ws.once('error', reject);
    ws.once('open', () => {
      if (mode === 'echo') {
        ws.on('message', (data: Buffer) => onMessage(c, data));
        ws.send(awarenessFrame(c));
        resolve(c);
        return;
      }
      const onFirst = (data: Buffer) => {
        const d = decoding.createDecoder(data);
        decoding.readVarString(d);
        if (decoding.readVarUint(d) !== AUTH) return;
        ws.off('message', onFirst);
        if (decoding.readVarUint(d) !== 2) {
          reject(new Error(`authentication refused: ${decoding.readVarString(d)}`));
          return;
        }
        ws.on('message', (m: Buffer) => onMessage(c, m));
        ws.send(
          frame(spec.room, SYNC, (e) => {
            encoding.writeVarUint(e, 0);
            encoding.writeVarUint8Array(e, new Uint8Array([0]));
          }),
        );
        ws.send(awarenessFrame(c));
        resolve(c);
      };
      ws.on('message', onFirst);
      ws.send(
        frame(spec.room, AUTH, (e) => {
          encoding.writeVarUint(e, 0);
          encoding.writeVarString(e, spec.token);
          encoding.writeVarString(e, '4.8.0');
        }),
      );
    });
  });
}

async function openAll(specs: ClientSpec[], url: string, localAddress: string): Promise<void> {
  const batch = 50;
  for (let i = 0; i < specs.length; i += batch) {
    const opened = await Promise.all(specs.slice(i, i + batch).map((s) => open(s, url, localAddress)));
    for (const c of opened) {
      // A random phase: the first renewal anywhere in the 15-18 s period.
      scheduleRenewal(c, Math.random() * (RENEW_AFTER_MS + CHECK_EVERY_MS));
      clients.push(c);
    }
  }
}

/** `cycles` connect (authenticated, synced, presence sent) / disconnect cycles, `concurrency` at a time. */
async function churn(cmd: Extract<Command, { cmd: 'churn' }>): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < cmd.cycles) {
      const i = next++;
      const c = await open(
        cmd.clients[i % cmd.clients.length]!,
        cmd.url,
        cmd.localAddresses[i % cmd.localAddresses.length]!,
      );
      await new Promise<void>((resolve) => {
        c.ws.once('close', () => resolve());
        c.ws.close();
      });
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: cmd.concurrency }, worker));
  reply(cmd.seq, { cycles: done });
}

function reply(seq: number, body: Record<string, unknown>): void {
  process.send!({ seq, ...body });
}

process.on('message', (raw) => {
  const cmd = raw as Command;
  switch (cmd.cmd) {
    case 'connect':
      mode = cmd.mode;
      openAll(cmd.clients, cmd.url, cmd.localAddress).then(
        () => reply(cmd.seq, { connected: clients.length }),
        (error: unknown) => reply(cmd.seq, { error: String(error) }),
      );
      break;
    case 'arm': {
      const waiting = new Set(clients.filter((c) => c.spec.room === cmd.room && !c.isSender));
      if (waiting.size === 0) {
        reply(cmd.seq, { armed: true });
        process.send!({ probe: cmd.marker, arrivals: [] });
        break;
      }
      probe = { room: cmd.room, marker: Buffer.from(cmd.marker), waiting, arrivals: [] };
      reply(cmd.seq, { armed: true });
      break;
    }
    case 'send': {
      const sender = clients.find((c) => c.isSender && c.spec.room === cmd.room)!;
      const payload = JSON.stringify({ id: cmd.id, type: 'comment.add', cell: null, body: cmd.body });
      const sentAt = nowMs();
      pendingAck = { id: Buffer.from(cmd.id), sentAt, seq: cmd.seq };
      if (mode === 'echo') {
        // The echo server has no acknowledgement: the send time is the answer.
        pendingAck = null;
        sender.ws.send(frame(cmd.room, STATELESS, (e) => encoding.writeVarString(e, payload)));
        reply(cmd.seq, { sentAt, ackAt: null });
      } else {
        sender.ws.send(frame(cmd.room, STATELESS, (e) => encoding.writeVarString(e, payload)));
      }
      break;
    }
    case 'usage':
      reply(cmd.seq, { received, clients: clients.length });
      break;
    case 'close':
      for (const c of clients) {
        if (c.timer) clearTimeout(c.timer);
        c.ws.terminate();
      }
      clients.length = 0;
      probe = null;
      reply(cmd.seq, { closed: true });
      break;
    case 'churn':
      mode = 'hocuspocus';
      churn(cmd).catch((error: unknown) => reply(cmd.seq, { error: String(error) }));
      break;
  }
});
