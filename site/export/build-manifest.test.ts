import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileEntry, Manifest } from './build-manifest.ts';
import * as built from './build-manifest.ts';

const dir = mkdtempSync(join(tmpdir(), 'verso-manifest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A manifest of `n` pages sharing most tags and every ref, as a design's pages do, plus a few other files. */
function manifestOf(n: number): Manifest {
  const files: Record<string, FileEntry> = {};
  const shared = ['design:1', 'menu:1', 'registry', 'space:"quoted"\n'];
  const refs = ['/_site/a.css', '/_site/b.js'];
  for (let i = 0; i < n; i++)
    files[`blog/post-${i}.html`] = {
      tags: [...shared, `doc:${i}`],
      refs,
      bytes: 1000 + i,
      type: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=0',
      ...(i === 3 ? { forms: true as const } : {}),
    };
  files['_site/a.css'] = {
    tags: ['design:1'],
    refs: ['/_site/f.woff2'],
    bytes: 10,
    cacheControl: 'immutable',
  };
  files['media/x/original'] = { tags: ['asset:1'], refs: [], bytes: 5, type: 'image/png', cacheControl: 'm' };
  files['feeds/post.atom'] = { tags: [], refs: [], bytes: 5, type: 'application/atom+xml' };
  return {
    spaceId: 's1',
    host: 'example.org',
    baseUrl: 'https://example.org/',
    journal: 42,
    securityHeaders: [['X-Frame-Options', 'DENY']],
    files,
  };
}

describe('the build manifest', () => {
  it('is written piece by piece and read back the same, with each string stored once', async () => {
    // Enough pages for the file to be written in many pieces.
    const manifest = manifestOf(5_000);
    const out = join(dir, 'site');
    await built.writeManifest(out, manifest);
    const text = readFileSync(built.manifestPath(out), 'utf8');
    expect(text.length).toBeGreaterThan(200 * 1024);
    const stored = JSON.parse(text) as { format: number; strings: string[] };
    expect(stored.format).toBe(3);
    expect(new Set(stored.strings).size).toBe(stored.strings.length);
    expect(await built.readManifest(out)).toEqual(manifest);
    // Written again over the first, nothing of the first is left.
    const smaller = manifestOf(2);
    await built.writeManifest(out, { ...smaller, formEndpoint: 'https://forms.example.org' });
    expect(await built.readManifest(out)).toEqual({ ...smaller, formEndpoint: 'https://forms.example.org' });
  });

  it('takes the host rules from the entries in one pass', () => {
    const { files } = manifestOf(3);
    expect(built.fileRules(files, new Set(['feeds/post.atom']))).toEqual({
      immutableCacheControl: 'immutable',
      mediaCacheControl: 'm',
      contentTypes: [
        { path: '/media/x/original', type: 'image/png' },
        { path: '/feeds/post.atom', type: 'application/atom+xml' },
      ],
    });
  });

  it('keeps one list for the same refs, and its strings once', () => {
    const intern = built.interner();
    const lists = built.listInterner(intern);
    const a = lists(['/_site/a.css', '/_site/b.js']);
    const b = lists([`/_site/${'a'}.css`, '/_site/b.js']);
    expect(b).toBe(a);
    expect(lists(['/_site/a.css'])).not.toBe(a);
    expect(lists([])).toEqual([]);
  });
});
