import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesIn } from './build-output.ts';

const dir = mkdtempSync(join(tmpdir(), 'verso-build-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the folder an incremental build keeps files in', () => {
  it('lists every file and folder under it, relative to it, at any depth', async () => {
    const out = join(dir, 'site');
    mkdirSync(join(out, 'de', 'blog', 'deep'), { recursive: true });
    mkdirSync(join(out, 'empty'));
    for (const f of ['index.html', 'de/404.html', 'de/blog/post.html', 'de/blog/deep/a b.html'])
      writeFileSync(join(out, f), 'x');
    expect([...(await filesIn(out))].sort()).toEqual(
      [
        'de',
        'de/404.html',
        'de/blog',
        'de/blog/deep',
        'de/blog/deep/a b.html',
        'de/blog/post.html',
        'empty',
        'index.html',
      ].sort(),
    );
  });

  it('is empty when there is no folder', async () => {
    expect((await filesIn(join(dir, 'nothing'))).size).toBe(0);
  });
});
