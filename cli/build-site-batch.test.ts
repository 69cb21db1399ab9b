import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/testing/fixture-space.ts';
import { runVerso } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { manifestPath } from '../site/export/build-site.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { rpc } from './testing/http.ts';
import { listFiles } from './testing/static-crawl.ts';

// `verso build-site` renders in its own process without HTTP (docs/static-export.md, "How it renders"): a space
// with more pages than the site pages rule lets one client ask for still builds whole, with the bytes the served
// site answers; after one publish `--incremental` rewrites only the files that depend on what changed, and its
// folder equals a full build's.

const databaseUrl = serviceUrl('DATABASE_URL');

let stack: FixtureStack;
let site: StackProcess;
let work: string;

/** Every file of the folder with its inode: a kept file is a hard link to the previous build's. */
const inodes = (dir: string) => new Map(listFiles(dir).map((f) => [f, statSync(join(dir, f)).ino]));

const args = (out: string) => [
  'fixture',
  '--out',
  out,
  ...'--host fixture.test --base-url http://fixture.test'.split(' '),
];
const build = (out: string, more: string[] = []) =>
  runVerso(['build-site', ...args(out), ...more], stack.env);

/** A page of the served site for the fixture's host (fetch may not set Host). */
function served(base: string, path: string): Promise<{ status: number; body: Buffer }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path, agent: false, headers: { host: 'fixture.test' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!databaseUrl)('verso build-site in batch', () => {
  beforeAll(async () => {
    stack = await fixtureStack(databaseUrl!);
    // The site pages rule for this space: 2 pages a minute per client, far fewer than the space has.
    await stack.db.query(
      `insert into space_controls (space_id, key, value) values ($1, 'rateLimit.sitePages.points', '2')`,
      [ids.space],
    );
    site = await stack.serve('website');
    work = await mkdtemp(join(tmpdir(), 'verso-build-batch-'));
  }, 240_000);
  afterAll(() => stack?.stop(), 60_000);

  it('builds more pages than the rate rule lets a client ask for, with the bytes the site serves', async () => {
    // The rule is in force on the served site.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await served(site.url, '/about')).status);
    expect(statuses).toContain(429);
    const out = join(work, 'limited');
    const run = await build(out);
    expect(run.code, run.stderr).toBe(0);
    const pages = Number(/: (\d+) pages,/.exec(run.stdout)?.[1]);
    expect(pages).toBeGreaterThan(2);
    const html = listFiles(out).filter(
      (f) => f.endsWith('.html') && f !== '404.html' && !f.endsWith('/404.html'),
    );
    expect(html.length).toBe(pages);
    // Byte for byte the served pages, asked of a process started without the tight rule.
    await stack.db.query(
      `delete from space_controls where space_id = $1 and key = 'rateLimit.sitePages.points'`,
      [ids.space],
    );
    const fresh = await stack.serve('website');
    try {
      for (const file of html) {
        const path = `/${file.replace(/\.html$/, '')}`.replace(/^\/index$/, '/');
        const res = await served(fresh.url, path);
        expect(res.status, path).toBe(200);
        expect(res.body.equals(readFileSync(join(out, file))), path).toBe(true);
      }
    } finally {
      await fresh.stop();
    }
  }, 180_000);

  it('--threads 2 writes the files and manifest of a build on one thread', async () => {
    const one = join(work, 'one-thread');
    const two = join(work, 'two-threads');
    const single = await build(one, ['--threads', '1']);
    expect(single.code, single.stderr).toBe(0);
    expect(single.stdout).not.toMatch(/threads/);
    // Threads named by the flag start whatever the size; on a site this small the build's own thread may render
    // every page before the other has started (site/export/pooled-pages.test.ts shares the parts out).
    const pooled = await build(two, ['--threads', '2']);
    expect(pooled.code, pooled.stderr).toBe(0);
    expect(pooled.stdout).toMatch(/; 2 threads \(\d+ pages on the others\)/);
    expect(listFiles(two)).toEqual(listFiles(one));
    for (const f of listFiles(one))
      expect(readFileSync(join(two, f)).equals(readFileSync(join(one, f))), f).toBe(true);
    expect(readFileSync(manifestPath(two), 'utf8')).toBe(readFileSync(manifestPath(one), 'utf8'));
  }, 120_000);

  it('--incremental after one publish rewrites what depends on it, and equals a full build', async () => {
    const out = join(work, 'incremental');
    const first = await build(out);
    expect(first.code, first.stderr).toBe(0);
    const before = inodes(out);
    const bytesBefore = new Map([...before.keys()].map((f) => [f, readFileSync(join(out, f))]));

    const management = await stack.serve('management');
    const key = await stack.createKey();
    const current = await rpc(management.url, key, 'content.get', { id: ids.hello });
    expect(current.status).toBe(200);
    const updated = await rpc(management.url, key, 'content.update', {
      id: ids.hello,
      locale: 'en',
      revision: current.body.revision,
      title: 'Hello, once more',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await rpc(management.url, key, 'content.publish', { id: ids.hello, locale: 'en' })).status).toBe(
      200,
    );
    await management.stop();

    const run = await build(out, ['--incremental']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/incremental: \d+ files rewritten, \d+ kept/);
    const after = inodes(out);
    const rewritten = [...after].filter(([f, ino]) => before.get(f) !== ino).map(([f]) => f);
    const changed = [...after.keys()].filter((f) => !bytesBefore.get(f)?.equals(readFileSync(join(out, f))));
    // Every file whose bytes changed was rewritten (the host files are always written)...
    expect(changed.length).toBeGreaterThan(0);
    for (const f of changed) expect(rewritten, f).toContain(f);
    expect(readFileSync(join(out, 'news/hello.html'), 'utf8')).toContain('Hello, once more');
    // ...and pages that do not show the post were kept as they were (a page with a list of posts is rendered
    // again: its list's tag was purged).
    const unrelated = [...before.keys()].filter(
      (f) => f.endsWith('.html') && !bytesBefore.get(f)!.toString('utf8').includes('/news/hello'),
    );
    expect(unrelated.filter((f) => !rewritten.includes(f)).length).toBeGreaterThan(0);
    expect(rewritten.length).toBeLessThan(after.size / 2);

    // The folder equals a full build of the same state.
    const full = join(work, 'full');
    expect((await build(full)).code).toBe(0);
    expect(listFiles(out)).toEqual(listFiles(full));
    for (const f of listFiles(full))
      expect(readFileSync(join(out, f)).equals(readFileSync(join(full, f))), f).toBe(true);

    // A full build over a folder: the new one is in place when the command ends, the previous one is deleted by a
    // process of its own after it (build-output.ts `swapIn`), and nothing else is left beside them.
    const ino = statSync(join(full, 'index.html')).ino;
    expect((await build(full)).code).toBe(0);
    expect(statSync(join(full, 'index.html')).ino).not.toBe(ino);
    expect(listFiles(full)).toEqual(listFiles(out));
    await expect
      .poll(
        () => readdirSync(work).filter((f) => f.startsWith('.full.') && !f.endsWith('.verso-build.json')),
        {
          timeout: 30_000,
        },
      )
      .toEqual([]);
  }, 180_000);
});
