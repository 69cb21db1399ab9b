import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { diskMemo, stopDiskMemo, useDiskMemo } from './disk-memo.ts';

const identity = Symbol.for('verso.cliBundle');
const globals = globalThis as Record<symbol, unknown>;

afterEach(() => {
  stopDiskMemo();
  delete globals[identity];
});

describe('diskMemo', () => {
  it('makes the value every time without the CLI bundle identity (through tsx)', async () => {
    useDiskMemo('project');
    let made = 0;
    const key = randomBytes(8).toString('hex');
    await diskMemo('test', key, () => ++made);
    await diskMemo('test', key, () => ++made);
    expect(made).toBe(2);
  });

  it('reads back what the same code and project kept, and nothing of another', async () => {
    globals[identity] = `bundle-${randomBytes(8).toString('hex')}`;
    useDiskMemo('project-a');
    const key = randomBytes(8).toString('hex');
    expect(await diskMemo('test', key, () => ({ css: 'a{}', hash: 'h' }))).toEqual({ css: 'a{}', hash: 'h' });
    expect(await diskMemo('test', key, () => ({ css: 'made again', hash: 'x' }))).toEqual({
      css: 'a{}',
      hash: 'h',
    });
    useDiskMemo('project-b');
    expect(await diskMemo('test', key, () => 'b')).toBe('b');
  });

  it('keeps only values JSON gives back as they were, and only when keepIf says so', async () => {
    globals[identity] = `bundle-${randomBytes(8).toString('hex')}`;
    useDiskMemo('project');
    const key = randomBytes(8).toString('hex');
    await diskMemo('test', key, () => ({ a: undefined }));
    expect(await diskMemo('test', key, () => 'made')).toBe('made');
    const other = randomBytes(8).toString('hex');
    await diskMemo(
      'test',
      other,
      () => [null],
      (v) => v.every((x) => x !== null),
    );
    expect(await diskMemo('test', other, () => ['made'])).toEqual(['made']);
  });

  it('removes, once it writes, what no build wrote for 30 days, and keeps the rest', async () => {
    globals[identity] = `bundle-${randomBytes(8).toString('hex')}`;
    useDiskMemo('project');
    const dir = fileURLToPath(new URL('../../.verso/cache/derived/', import.meta.url));
    const old = join(dir, `test-${randomBytes(8).toString('hex')}.json`);
    const recent = join(dir, `test-${randomBytes(8).toString('hex')}.json`);
    const partial = `${old}.0a1b2c3d`;
    for (const [file, days] of [
      [old, 31],
      [recent, 29],
      [partial, 2],
    ] as const) {
      writeFileSync(file, '"kept"');
      const then = new Date(Date.now() - days * 86_400_000);
      utimesSync(file, then, then);
    }
    await diskMemo('test', randomBytes(8).toString('hex'), () => 'new');
    expect([existsSync(old), existsSync(recent), existsSync(partial)]).toEqual([false, true, false]);
    rmSync(recent);
  });
});
