import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ids } from '../core/testing/fixture-space.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { buildSiteKit } from './testing/build-site-kit.ts';
import { listFiles } from './testing/static-crawl.ts';

// `verso build-site --incremental` (docs/static-export.md, "Incremental builds") on the fixture space: it
// renders again only what a purge since the last build touched, and its folder equals a full build's.

const databaseUrl = serviceUrl('DATABASE_URL');

describe.skipIf(!databaseUrl)('verso build-site --incremental', () => {
  const kit = buildSiteKit(databaseUrl);
  const build = (args: string[]) => kit.build(args);
  const sameAsFull = (out: string, name: string, compared: (file: string) => boolean) =>
    kit.sameAsFull(out, name, compared);

  it('--incremental renders again only what a purge since the last build touched', async () => {
    const out = join(kit.work, 'incremental');
    const args = ['fixture', '--out', out, '--host', 'fixture.test', '--base-url', 'https://fixture.test'];
    const full = await build([...args, '--incremental']);
    expect(full.code, full.stderr).toBe(0);
    expect(full.stdout).toContain('full build: no previous build');
    const total = Number(/(\d+) files written/.exec(full.stdout)?.[1]);
    const rules = Object.fromEntries(
      ['_headers', '_redirects', 'nginx.conf'].map((f) => [f, readFileSync(join(out, f), 'utf8')]),
    );
    // Nothing purged since: nothing rendered again.
    const same = await build([...args, '--incremental']);
    expect(same.stdout, same.stderr).toMatch(/incremental: 0 files rewritten, \d+ kept/);
    // The host's rules of a build that kept every file are those of the full build.
    for (const f of ['_headers', '_redirects', 'nginx.conf'])
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(rules[f]);
    // A kept file gone from the folder (deleted by hand) is rendered again, alone.
    rmSync(join(out, 'news.html'));
    const restored = await build([...args, '--incremental']);
    expect(restored.stdout, restored.stderr).toMatch(/incremental: 1 files rewritten, \d+ kept/);
    expect(existsSync(join(out, 'news.html'))).toBe(true);
    // Unpublishing a post purges it and the space's lists: those pages are rendered again, the rest kept.
    const management = await kit.stack.serve('management');
    const key = await kit.stack.createKey();
    const res = await fetch(`${management.url}/rpc/content.unpublish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ space: 'fixture', id: ids.hello, locale: 'en' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await build([...args, '--incremental']);
    expect(after.code, after.stderr).toBe(0);
    const rewritten = Number(/incremental: (\d+) files rewritten/.exec(after.stdout)?.[1]);
    expect(rewritten).toBeGreaterThan(0);
    expect(rewritten).toBeLessThan(total);
    const files = listFiles(out);
    expect(files).not.toContain('news/hello.html');
    expect(readFileSync(join(out, 'news.html'), 'utf8')).not.toContain('/news/hello"');
    // The result equals a full build of the same state.
    const fresh = await sameAsFull(out, 'fresh', (f) => f.endsWith('.html'));
    // The host's rules too: kept files carry the headers the site sent with them.
    for (const f of ['_headers', '_redirects', 'nginx.conf'])
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(fresh, f), 'utf8'));
    await writeFile(join(kit.work, 'done'), '');
  }, 180_000);

  it('--incremental after a publish renders only the feeds of its type and locale, the sitemap when an address changed, the 404 pages when they show the document', async () => {
    const out = join(kit.work, 'narrowed');
    const args = ['fixture', '--out', out, '--host', 'fixture.test', '--base-url', 'https://fixture.test'];
    expect((await build([...args, '--incremental'])).code).toBe(0);
    const feeds = listFiles(out).filter((f) => /(^|\/)feeds\//.test(f) || f === 'sitemap.xml');
    expect(feeds).toContain('feeds/page.xml');
    expect(feeds).toContain('feeds/blog-post.json');
    // The 404 pages show no list (their `lists` is the lookup's of an address no document has): a publish leaves
    // them as they were, unless they show its document (the menu names the English-only post).
    const notFound = listFiles(out).filter((f) => /(^|\/)404\.html$/.test(f));
    expect(notFound).toContain('404.html');
    const watched = [...feeds, ...notFound];
    // A file renamed into the folder is one the build wrote; a kept one keeps its inode.
    const inodes = () => Object.fromEntries(watched.map((f) => [f, statSync(join(out, f)).ino]));
    const rewritten = (before: Record<string, number>) => watched.filter((f) => inodes()[f] !== before[f]);
    const management = await kit.stack.serve('management');
    const key = await kit.stack.createKey();
    const publish = async (id: string) => {
      const res = await fetch(`${management.url}/rpc/content.publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ space: 'fixture', id, locale: 'en' }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    /** The feed files (sitemap, 404 pages) an incremental build after publishing `id` rewrote. */
    const rewrittenAfter = async (id: string) => {
      const before = inodes();
      await publish(id);
      const run = await build([...args, '--incremental']);
      expect(run.stdout, run.stderr).toMatch(/incremental: \d+ files rewritten/);
      return rewritten(before).sort();
    };
    expect(feeds).toContain('sitemap.xml');
    // A post with no German version and no descendants, published again in English: the English post feeds
    // (no page feed, no German feed lists it; no address changed, so the sitemap stays) and the 404 pages, whose
    // menu names the post.
    expect(await rewrittenAfter(ids.englishOnly)).toEqual([
      '404.html',
      'de/404.html',
      'feeds/blog-post.atom',
      'feeds/blog-post.json',
      'feeds/blog-post.xml',
    ]);
    // A page published for the first time enters the English page feeds and the sitemap, which are rewritten;
    // the 404 pages do not show it and are kept.
    expect(await rewrittenAfter(ids.hidden)).toEqual([
      'feeds/page.atom',
      'feeds/page.json',
      'feeds/page.xml',
      'sitemap.xml',
    ]);
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('/unpublished<');
    expect(readFileSync(join(out, 'feeds/page.xml'), 'utf8')).toContain('/unpublished<');
    // The result equals a full build of the same state, feeds included.
    await sameAsFull(out, 'narrowed-fresh', (f) => f.endsWith('.html') || feeds.includes(f));
  }, 180_000);
});
