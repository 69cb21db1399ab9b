import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(stored.format).toBe(4);
    expect(new Set(stored.strings).size).toBe(stored.strings.length);
    expect(await built.readManifest(out)).toEqual(manifest);
    // Written again over the first, nothing of the first is left.
    const smaller = manifestOf(2);
    await built.writeManifest(out, { ...smaller, formEndpoint: 'https://forms.example.org' });
    expect(await built.readManifest(out)).toEqual({ ...smaller, formEndpoint: 'https://forms.example.org' });
  });

  it("adds an incremental build's changes as a line, read back the same as the whole manifest", async () => {
    const out = join(dir, 'delta');
    const lines = () => readFileSync(built.manifestPath(out), 'utf8').trimEnd().split('\n').length;
    await built.writeManifest(out, manifestOf(100));
    const previous = (await built.readManifest(out))!;
    // Kept entries are the previous ones themselves; two rewritten (one with a string never stored), one gone,
    // one new, and the head moved on.
    const { 'blog/post-7.html': _, ...kept } = previous.files;
    const next: Manifest = {
      ...previous,
      journal: 43,
      formEndpoint: 'https://forms.example.org',
      files: {
        ...kept,
        'blog/post-1.html': { ...previous.files['blog/post-1.html']!, tags: ['doc:1', 'lists:"new"\n'] },
        'blog/post-2.html': { ...previous.files['blog/post-2.html']!, bytes: 7 },
        'blog/new.html': { tags: ['doc:new'], refs: ['/_site/a.css'], bytes: 3 },
      },
    };
    await built.writeManifest(out, next, previous);
    expect(lines()).toBe(2);
    const again = (await built.readManifest(out))!;
    expect(again).toEqual(next);
    // A third build changes nothing but the head: a line again, read back the same.
    const third = { ...again, journal: 44 };
    await built.writeManifest(out, third, again);
    expect(lines()).toBe(3);
    expect(await built.readManifest(out)).toEqual(third);
  });

  it('drops a line cut short, and writes the whole manifest again past a quarter of the files changed', async () => {
    const out = join(dir, 'cut');
    const path = built.manifestPath(out);
    await built.writeManifest(out, manifestOf(20));
    const previous = (await built.readManifest(out))!;
    // A build stopped while it wrote its line: the manifest is the one before it.
    appendFileSync(path, '{"head":{"spaceId":"s1","journ');
    expect(await built.readManifest(out)).toEqual(manifestOf(20));
    // The next build writes the whole file (the one read had a line cut short).
    const cut = (await built.readManifest(out))!;
    await built.writeManifest(out, { ...cut, journal: 50 }, cut);
    expect(readFileSync(path, 'utf8').trimEnd().split('\n')).toHaveLength(1);
    expect((await built.readManifest(out))!.journal).toBe(50);
    // Eight of 23 files rewritten: more than a quarter, one line.
    const read = (await built.readManifest(out))!;
    const files = { ...read.files };
    for (let i = 0; i < 8; i++) files[`blog/post-${i}.html`] = { ...files[`blog/post-${i}.html`]!, bytes: 1 };
    await built.writeManifest(out, { ...read, files }, read);
    expect(readFileSync(path, 'utf8').trimEnd().split('\n')).toHaveLength(1);
    expect((await built.readManifest(out))!.files).toEqual(files);
    // A manifest written by another build since this one read it is written whole, not added to.
    const stale = (await built.readManifest(out))!;
    writeFileSync(path, `${readFileSync(path, 'utf8').trimEnd()} \n`);
    await built.writeManifest(out, { ...stale, journal: 60 }, stale);
    expect(readFileSync(path, 'utf8').trimEnd().split('\n')).toHaveLength(1);
    expect(previous.journal).toBe(42);
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
