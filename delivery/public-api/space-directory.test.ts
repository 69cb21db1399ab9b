import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/log.ts';
import type { SpaceInfo } from '../reader/types.ts';
import { spaceDirectory } from './space-directory.ts';

const space = (name: string): SpaceInfo => ({
  id: `00000000-0000-4000-8000-${name.padStart(12, '0')}`,
  name,
  title: name,
  defaultLocale: 'en',
  locales: ['en'],
  homeContentId: null,
  apiHosts: [],
  importRunning: false,
});

describe('the directory of spaces', () => {
  it('reads once at start, then at most once per period, in the background, keeping the last list on failure', async () => {
    let clock = 0;
    let reads = 0;
    const lists: Array<SpaceInfo[] | Error> = [[], [space('a')], new Error('database down')];
    const directory = spaceDirectory({
      read: async () => {
        const next = lists[Math.min(reads++, lists.length - 1)]!;
        if (next instanceof Error) throw next;
        return next;
      },
      maxAgeMs: 3000,
      log: createLogger('silent'),
      now: () => clock,
    });
    await directory.loaded;
    expect(directory.current()).toEqual([]);
    clock = 2999;
    directory.current();
    expect(reads).toBe(1);
    clock = 3000;
    expect(directory.current()).toEqual([]);
    directory.current();
    expect(reads).toBe(2);
    await new Promise((r) => setImmediate(r));
    expect(directory.current().map((s) => s.name)).toEqual(['a']);
    clock = 6000;
    directory.current();
    await new Promise((r) => setImmediate(r));
    expect(reads).toBe(3);
    expect(directory.current().map((s) => s.name)).toEqual(['a']);
  });

  it('keeps the very list when a read finds the same spaces, and replaces it when one changed', async () => {
    let clock = 0;
    let title = 'a';
    const directory = spaceDirectory({
      read: async () => [{ ...space('a'), title }],
      maxAgeMs: 1000,
      log: createLogger('silent'),
      now: () => clock,
    });
    await directory.loaded;
    const first = directory.current();
    clock = 1000;
    directory.current();
    await new Promise((r) => setImmediate(r));
    expect(directory.current()).toBe(first);
    title = 'renamed';
    clock = 2000;
    directory.current();
    await new Promise((r) => setImmediate(r));
    expect(directory.current()).not.toBe(first);
    expect(directory.current()[0]!.title).toBe('renamed');
  });
});
