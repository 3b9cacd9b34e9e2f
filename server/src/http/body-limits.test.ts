import { describe, expect, it } from 'vitest';
import { JsonArrayCounter, LargeBodyGate } from './body-limits';

function fits(max: number, ...chunks: string[]): boolean {
  const counter = new JsonArrayCounter(max);
  return chunks.every((chunk) => counter.push(Buffer.from(chunk)));
}

describe('JsonArrayCounter', () => {
  it('counts the items of every array, nested or split across chunks', () => {
    expect(fits(3, '{"rows":[{},{},{}]}')).toBe(true);
    expect(fits(3, '{"rows":[{},{},{},{}]}')).toBe(false);
    expect(fits(3, '{"rows":[{},', '{},{}', ',{}]}')).toBe(false);
    expect(fits(2, '[[1,2],[3,4]]')).toBe(true);
    expect(fits(2, '[[1,2],[3,4,5]]')).toBe(false);
    expect(fits(1, '[ ]')).toBe(true);
    expect(fits(1, '[ 1 ]')).toBe(true);
  });

  it('does not count commas or brackets inside text, escaped quotes included', () => {
    expect(fits(1, '["a,b,[c],\\"d,e"]')).toBe(true);
    expect(fits(1, '["a\\\\",', '"b"]')).toBe(false);
    expect(fits(2, '{"a,b,c":[1,2],"d":"[,,,]"}')).toBe(true);
  });
});

describe('LargeBodyGate', () => {
  it('admits `concurrency` at once, queues up to `queue` in order, refuses the rest', async () => {
    const gate = new LargeBodyGate(1, 1);
    const first = gate.enter()!;
    await first.ready;
    const second = gate.enter()!;
    expect(gate.enter()).toBeNull();
    let isSecondIn = false;
    void second.ready.then(() => {
      isSecondIn = true;
    });
    await Promise.resolve();
    expect(isSecondIn).toBe(false);
    first.release();
    first.release();
    await second.ready;
    expect(isSecondIn).toBe(true);
    expect(gate.enter()).not.toBeNull();
  });

  it('frees the queue place of a waiter that gives up', async () => {
    const gate = new LargeBodyGate(1, 1);
    const first = gate.enter()!;
    const waiter = gate.enter()!;
    waiter.release();
    const next = gate.enter();
    expect(next).not.toBeNull();
    first.release();
    await next!.ready;
  });

  it('gives a freed place to a sender who holds none before the longer-waiting flood of another', async () => {
    const gate = new LargeBodyGate(2, 10);
    const flood = [
      gate.enter('sender')!,
      gate.enter('sender')!,
      gate.enter('sender')!,
      gate.enter('sender')!,
    ];
    const editor = gate.enter('editor')!;
    const admitted: string[] = [];
    void flood[2]!.ready.then(() => admitted.push('sender 3'));
    void flood[3]!.ready.then(() => admitted.push('sender 4'));
    void editor.ready.then(() => admitted.push('editor'));
    flood[0]!.release();
    await editor.ready;
    expect(admitted).toEqual(['editor']);
    flood[1]!.release();
    await flood[2]!.ready;
    expect(admitted).toEqual(['editor', 'sender 3']);
  });
});
