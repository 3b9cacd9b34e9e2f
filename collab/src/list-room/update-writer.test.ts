import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { UpdateWriter } from './update-writer';

/** A Yjs update (v2) that sets `key` in map `m` of a fresh document. */
function updateSetting(key: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap('m').set(key, true);
  return Y.encodeStateAsUpdateV2(doc);
}

/** A write the test finishes by hand, recording what it was asked to store. */
function controlledWrite() {
  const calls: { keys: string[]; pending: number | null; finish(ok: boolean): void; fail(e: Error): void }[] =
    [];
  const write = (update: Uint8Array, pending: number | null) =>
    new Promise<boolean>((finish, fail) => {
      const doc = new Y.Doc();
      Y.applyUpdateV2(doc, update);
      calls.push({ keys: [...doc.getMap('m').keys()].sort(), pending, finish, fail });
    });
  return { calls, write };
}

describe('UpdateWriter (issue 8 item 10: acknowledged means stored)', () => {
  it('stores updates in order, the ones queued behind a write together with the count of then', async () => {
    const { calls, write } = controlledWrite();
    let pending = 1;
    const writer = new UpdateWriter(write, () => pending);
    const first = writer.append(updateSetting('a'), true);
    pending = 3;
    const second = writer.append(updateSetting('b'), false);
    const third = writer.append(updateSetting('c'), true);
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    expect(calls[0]!.pending).toBe(1);
    calls[0]!.finish(true);
    await expect(first).resolves.toBe(true);
    await Promise.resolve();
    expect(calls[1]).toMatchObject({ keys: ['b', 'c'], pending: 3 });
    calls[1]!.finish(true);
    await expect(Promise.all([second, third])).resolves.toEqual([true, true]);
  });

  it('answers false for a gone list and rejects the whole batch on a database error', async () => {
    const { calls, write } = controlledWrite();
    const writer = new UpdateWriter(write, () => 0);
    const refused = writer.append(updateSetting('a'), false);
    const failing = [writer.append(updateSetting('b'), false), writer.append(updateSetting('c'), false)];
    expect(calls[0]!.pending).toBeNull();
    calls[0]!.finish(false);
    await expect(refused).resolves.toBe(false);
    await Promise.resolve();
    calls[1]!.fail(new Error('connection lost'));
    for (const f of failing) await expect(f).rejects.toThrow('connection lost');
    const later = writer.append(updateSetting('d'), false);
    calls[2]!.finish(true);
    await expect(later).resolves.toBe(true);
  });
});
