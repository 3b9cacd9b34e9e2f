/**
 * A child process of `npm run bench:drafts` (bench/drafts.bench.ts): hosts some of the 20
 * editors, so no single process decodes every client's updates. Told by IPC which editors to run
 * (`start`), it connects them (to the collab server with @hocuspocus/provider, or to the bare ws
 * echo server), answers `ready`, edits on `go` (each editor one cell every `everyMs` at a random
 * phase for `durationMs`), and answers `done` with what it saw: each edit sent and each edit seen
 * by one of its editors (ids and times as `performance.timeOrigin + performance.now()`, comparable
 * across processes of one machine), and the sender's ack times.
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import type { DraftRoomMessage } from '@nomen/shared';
import { WebSocket } from 'ws';
import * as Y from 'yjs';

/** What the parent asks of this process. */
export interface ClientsSpec {
  mode: 'collab' | 'echo';
  url: string;
  room: string;
  /** The editors this process runs: their index (0-19) and, for collab, their token. */
  editors: { index: number; token: string }[];
  rowIds: string[];
  fields: string[];
  everyMs: number;
  durationMs: number;
}

/** What this process reports. */
export interface ClientsReport {
  type: 'done';
  sent: [string, number][];
  seen: [string, number][];
  acks: number[];
  refused: number;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An edit's id at the end of its value ("… e3-41"). */
const ID_AT_END = / (e\d+-\d+)$/;

/** One editor: sends an edit (cells.set, or the same bytes to the echo) and closes. */
interface Editor {
  send(id: string, row: string, field: string, value: string): void;
  close(): void;
}

const sent: [string, number][] = [];
const seen: [string, number][] = [];
const acks: number[] = [];
let refused = 0;

/** A collab editor: a provider whose Y.Doc is watched for other editors' values. */
function collabEditor(spec: ClientsSpec, index: number, token: string): Promise<Editor> {
  const doc = new Y.Doc();
  const waiting = new Map<string, number>();
  doc.getMap('rows').observeDeep((events) => {
    const at = now();
    for (const event of events) {
      const target = event.target as Y.Map<string>;
      for (const key of event.changes.keys.keys()) {
        const id = ID_AT_END.exec(String(target.get(key) ?? ''))?.[1];
        if (id && !id.startsWith(`e${index}-`)) seen.push([id, at]);
      }
    }
  });
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      url: spec.url,
      name: spec.room,
      document: doc,
      token,
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      onStateless: ({ payload }) => {
        const message = JSON.parse(payload) as DraftRoomMessage;
        if (message.type === 'overwritten' || !message.id || !waiting.has(message.id)) return;
        if (message.type === 'ack') acks.push(now() - waiting.get(message.id)!);
        else refused++;
        waiting.delete(message.id);
      },
      onSynced: () =>
        resolve({
          send(id, row, field, value) {
            waiting.set(id, now());
            provider.sendStateless(JSON.stringify({ id, type: 'cells.set', cells: [{ row, field, value }] }));
          },
          close: () => provider.destroy(),
        }),
    });
  });
}

/** An echo editor: a raw socket in the echo server's room, sending the same JSON as frames. */
async function echoEditor(spec: ClientsSpec, index: number): Promise<Editor> {
  const ws = new WebSocket(spec.url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.on('message', (data: Buffer) => {
    const at = now();
    const id = /"id":"([^"]+)"/.exec(data.subarray(7).toString())?.[1];
    if (id && !id.startsWith(`e${index}-`)) seen.push([id, at]);
  });
  return {
    send(id, row, field, value) {
      const payload = JSON.stringify({ id, type: 'cells.set', cells: [{ row, field, value }] });
      // lib0 varString room name "draft", then message type 5 (stateless), then the payload.
      ws.send(
        Buffer.concat([Buffer.from([5]), Buffer.from('draft'), Buffer.from([5]), Buffer.from(payload)]),
      );
    },
    close: () => ws.close(),
  };
}

/** Each editor writes one random cell every `everyMs`, starting at a random phase, for `durationMs`. */
async function edit(spec: ClientsSpec, editors: Editor[]): Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  let seq = 0;
  spec.editors.forEach(({ index }, i) => {
    const one = () => {
      const id = `e${index}-${seq++}`;
      const row = spec.rowIds[Math.floor(Math.random() * spec.rowIds.length)]!;
      const field = spec.fields[Math.floor(Math.random() * spec.fields.length)]!;
      sent.push([id, now()]);
      editors[i]!.send(id, row, field, `Edited value ${seq} ${id}`);
    };
    timers.push(
      setTimeout(() => {
        one();
        timers.push(setInterval(one, spec.everyMs));
      }, Math.random() * spec.everyMs),
    );
  });
  await sleep(spec.durationMs);
  for (const t of timers) clearTimeout(t);
  await sleep(1000);
}

process.on('message', (message: { type: 'start'; spec: ClientsSpec } | { type: 'go' }) => {
  void (async () => {
    if (message.type === 'start') {
      const { spec } = message;
      const editors = await Promise.all(
        spec.editors.map(({ index, token }) =>
          spec.mode === 'collab' ? collabEditor(spec, index, token) : echoEditor(spec, index),
        ),
      );
      process.once('message', async () => {
        await edit(spec, editors);
        for (const e of editors) e.close();
        const report: ClientsReport = { type: 'done', sent, seen, acks, refused };
        process.send!(report, () => process.exit(0));
      });
      process.send!({ type: 'ready' });
    }
  })().catch((error: unknown) => {
    console.error('[drafts-clients]', error);
    process.exit(1);
  });
});
