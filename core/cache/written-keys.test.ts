import { describe, expect, it } from 'vitest';
import { WrittenKeys } from './written-keys.ts';

async function* listing(...batches: string[][]) {
  for (const keys of batches) yield keys;
}

describe('the keys the shared layer may hold', () => {
  it('holds every key until a listing completes, then only those listed or written since', async () => {
    const written = new WrittenKeys(100);
    written.add('noted');
    expect(written.mayHold('anything')).toBe(true);
    await written.listen(() => listing(['a', 'b'], ['c']));
    expect(written.complete).toBe(true);
    for (const key of ['a', 'b', 'c', 'noted']) expect(written.mayHold(key)).toBe(true);
    expect(written.mayHold('anything')).toBe(false);
    written.add('anything');
    expect(written.mayHold('anything')).toBe(true);
  });

  it('holds every key again from a loss, and a listing started before it never completes the set', async () => {
    const written = new WrittenKeys(100);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const slow = async function* () {
      yield ['a'];
      await held;
      yield ['b'];
    };
    const first = written.listen(slow);
    written.lost();
    release();
    await first;
    expect(written.complete).toBe(false);
    expect(written.mayHold('x')).toBe(true);
    await written.listen(() => listing(['a']));
    expect(written.mayHold('x')).toBe(false);
  });

  it('stays incomplete when the listing fails', async () => {
    const written = new WrittenKeys(100);
    const failing = async function* (): AsyncGenerator<string[]> {
      yield ['a'];
      throw new Error('connection lost');
    };
    await written.listen(failing);
    expect(written.mayHold('x')).toBe(true);
  });

  it('forgets the oldest keys past its bound (those are computed, not read)', async () => {
    const written = new WrittenKeys(2);
    await written.listen(() => listing(['a', 'b']));
    written.add('a');
    written.add('c');
    expect([written.mayHold('a'), written.mayHold('b'), written.mayHold('c')]).toEqual([true, false, true]);
  });
});
