import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import argon2 from 'argon2';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config/index.ts';
import { ids } from '../core/testing/fixture-space.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { sharedReader } from '../delivery/reader/index.ts';
import { checkFormStamp } from '../site/access/form-stamp.ts';
import { buildSite, manifestPath } from '../site/export/build-site.ts';
import { staticHost } from '../site/export/static-host.ts';
import { buildApp } from './app.ts';
import { exportApp } from './commands/build-site.ts';
import { closeServices, createServices } from './services.ts';
import { buildSiteKit } from './testing/build-site-kit.ts';
import type { FixtureStack, StackProcess } from './testing/fixture-stack.ts';
import { crawl, get, listFiles } from './testing/static-crawl.ts';

// `verso build-site` (docs/static-export.md) on the demo and the fixture space: the folder, served by a plain
// static server, has every link and asset of each locale's home page (0 broken); its pages are the bytes the
// website process serves; a refusal or a failure leaves the previous folder as it was; `--incremental`
// renders again only what a purge touched.

const databaseUrl = serviceUrl('DATABASE_URL');

let stack: FixtureStack;
let site: StackProcess;
let work: string;
const servers: Server[] = [];

/** The folder as a static host serves it (site/export/static-host.ts). */
async function serveFolder(dir: string): Promise<string> {
  const host = await staticHost(dir);
  servers.push(host.server);
  return host.url;
}

describe.skipIf(!databaseUrl)('verso build-site', () => {
  const kit = buildSiteKit(databaseUrl, { demo: true });
  const build = (args: string[]) => kit.build(args);
  beforeAll(async () => {
    ({ stack, work } = kit);
    site = await stack.serve('website');
  }, 300_000);

  afterAll(() => {
    for (const s of servers) s.close();
  });

  it('builds the demo: every link and asset of both locales works, and pages are the bytes the site serves', async () => {
    const port = new URL(site.url).port;
    const out = join(work, 'demo');
    const run = await build(['demo', '--out', out, '--base-url', `http://localhost:${port}`]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/built localhost \(http:\/\/localhost:\d+\/\) into .*: \d+ pages, \d+ files/);
    // Progress off a terminal is plain lines, one per report.
    expect(run.stdout).toMatch(/^ {2}pages: \d+ documents, \d+ files, [\d.]+ MB$/m);
    // The demo's contact form needs a server: named once per form.
    expect(run.stderr).toMatch(
      /warning: \/contact: the form posting to \/_cms\/forms\/.+ needs a Verso website process/,
    );

    const files = listFiles(out);
    for (const f of [
      'index.html',
      'de.html',
      'about.html',
      'de/ueber-uns.html',
      '404.html',
      'de/404.html',
      'sitemap.xml',
      'robots.txt',
      '_headers',
      '_redirects',
      'nginx.conf',
    ])
      expect(files, f).toContain(f);
    expect(files.some((f) => /^_site\/[0-9a-f]+\.css$/.test(f))).toBe(true);
    expect(files.some((f) => f.startsWith('_site/fonts/') && f.endsWith('.woff2'))).toBe(true);
    expect(files.some((f) => f.startsWith('_site/islands/menu.'))).toBe(true);
    // No manifest inside the folder: it is beside it.
    expect(files.some((f) => f.includes('verso-build'))).toBe(false);
    expect(statSync(manifestPath(out)).isFile()).toBe(true);

    const served = await serveFolder(out);
    const { visited, broken } = await crawl(served, ['/', '/de']);
    expect(broken).toEqual([]);
    expect(visited).toBeGreaterThan(60);
    // Unknown addresses get the locale's 404 page.
    const missing = await get(served, '/de/gibt-es-nicht');
    expect(missing.status).toBe(404);
    expect(missing.body.equals(readFileSync(join(out, 'de/404.html')))).toBe(true);

    // The same bytes as the website process, page by page (a form's render stamp is the time of its render).
    const stamp = (b: Buffer) => b.toString('utf8').replace(/(name="_stamp" value=")[^"]*/g, '$1');
    const pages = files.filter((f) => f.endsWith('.html') && !f.endsWith('404.html'));
    expect(pages.length).toBeGreaterThan(30);
    for (const file of pages) {
      const path = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
      const live = await get(site.url, path, `localhost:${port}`);
      expect(live.status, path).toBe(200);
      const built = readFileSync(join(out, file));
      if (built.includes('/_cms/forms/')) expect(stamp(built), path).toBe(stamp(live.body));
      else expect(built.equals(live.body), path).toBe(true);
    }
    expect(
      readFileSync(join(out, 'sitemap.xml')).equals(
        (await get(site.url, '/sitemap.xml', `localhost:${port}`)).body,
      ),
    ).toBe(true);

    // The host's rules: security headers and the strict CSP, immutable hashed files, redirects, other domains.
    const headers = readFileSync(join(out, '_headers'), 'utf8');
    expect(headers).toMatch(/^\/\*\n {2}X-Content-Type-Options: nosniff$/m);
    expect(headers).toContain("Content-Security-Policy: default-src 'self'; script-src 'self';");
    expect(headers).toMatch(/^\/_site\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
    const redirects = readFileSync(join(out, '_redirects'), 'utf8');
    expect(redirects).toContain('/old-blog /blog 301');
    expect(redirects).toContain('/en/* /:splat 301');
    expect(redirects).toMatch(
      new RegExp(`^http://www\\.localhost:${port}/\\* http://localhost:${port}/:splat 301!$`, 'm'),
    );
    expect(readFileSync(join(out, 'nginx.conf'), 'utf8')).toContain(
      'try_files $uri $uri.html $uri/index.html =404;',
    );
  }, 240_000);

  it('writes only assets that pages refer to, never a draft or an unreferenced asset', async () => {
    const out = join(work, 'fixture');
    const run = await build([
      'fixture',
      '--out',
      out,
      '--host',
      'fixture.test',
      '--base-url',
      'https://fixture.test',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const files = listFiles(out);
    expect(files).toContain('news/hello.html');
    expect(files).toContain('de/404.html');
    expect(files.some((f) => f.includes('unpublished'))).toBe(false);
    expect(files.some((f) => f.includes(ids.orphanImage))).toBe(false);
    const served = await serveFolder(out);
    const { broken } = await crawl(served, ['/', '/de']);
    expect(broken).toEqual([]);
    // robots.txt names the sitemap at the base URL.
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toContain(
      'Sitemap: https://fixture.test/sitemap.xml',
    );
  }, 120_000);

  it('refuses what it cannot build with a clear message, and leaves the previous folder alone', async () => {
    const out = join(work, 'fixture');
    const before = listFiles(out);
    // Side by side (here and for --form-endpoint): each is a process that stops before writing anything.
    const [unknownHost, badBase, nothing] = await Promise.all([
      build(['fixture', '--out', out, '--host', 'nope.test']),
      build(['fixture', '--out', out, '--base-url', 'ftp://x']),
      build(['nothing', '--out', out]),
    ]);
    expect(unknownHost!.code).toBe(1);
    expect(unknownHost!.stderr).toContain('"nope.test" is not a domain of the space');
    expect(badBase!.stderr).toContain('--base-url must be an http or https address');
    expect(nothing!.stderr).toContain('There is no space "nothing"');
    // A protected space: the export would publish it to anyone.
    await stack.db.query(
      `update space_plugin_settings set settings = jsonb_set(settings, '{passwordHash}', to_jsonb($2::text))
       where space_id = $1 and plugin_id = 'website' and environment = 'production'`,
      [ids.space, await argon2.hash('a site password')],
    );
    try {
      const protectedRun = await build(['fixture', '--out', out, '--host', 'fixture.test']);
      expect(protectedRun.code).toBe(1);
      expect(protectedRun.stderr).toContain('has a site password');
    } finally {
      await stack.db.query(
        `update space_plugin_settings set settings = jsonb_set(settings, '{passwordHash}', 'null')
         where space_id = $1 and plugin_id = 'website' and environment = 'production'`,
        [ids.space],
      );
    }
    expect(listFiles(out)).toEqual(before);

    // A failure half-way (the site stops answering): the previous folder stays whole, no temporary folder is left.
    const config = loadConfig({ ...stack.env, SERVER_MODE: 'website', SCOPES: 'media' });
    const services = await createServices(config);
    try {
      const app = buildApp('website', services);
      let calls = 0;
      const reader = sharedReader({ db: services.db, mediaSecret: services.mediaSecret, blockDesigns: true });
      await expect(
        buildSite(
          {
            db: services.db,
            cache: services.cache,
            reader,
            fetch: async (req) => {
              if (++calls > 5) throw new Error('the site went away');
              return app.fetch(req);
            },
          },
          { space: 'fixture', out, host: 'fixture.test', baseUrl: 'https://fixture.test' },
        ),
      ).rejects.toThrow('the site went away');
      // The app the command renders through counts nothing against the rate rules; the served one refuses past
      // the site pages rule's 1,200 a minute.
      const answers = async (asked: Hono) => {
        const seen: Record<number, number> = {};
        for (let i = 0; i < 1250; i++) {
          const res = await asked.request('http://fixture.test/about', { headers: { host: 'fixture.test' } });
          await res.arrayBuffer();
          seen[res.status] = (seen[res.status] ?? 0) + 1;
        }
        return seen;
      };
      expect(await answers(exportApp(services))).toEqual({ 200: 1250 });
      // (The build above asked this app a few pages already: they count against the same 1,200.)
      const served = await answers(app);
      expect(served[429]).toBeGreaterThanOrEqual(50);
      expect(served[200]).toBeLessThanOrEqual(1200);
    } finally {
      await closeServices(services);
    }
    expect(listFiles(out)).toEqual(before);
    expect((await readdir(work)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  }, 120_000);

  it('--form-endpoint points forms at a website process with build stamps, and lets the CSP reach it', async () => {
    const out = join(work, 'forms');
    const host = await staticHost(out);
    servers.push(host.server);
    const endpointSite = await stack.serve('website', { FORM_ORIGINS: host.url });
    const endpoint = `http://localhost:${new URL(endpointSite.url).port}`;
    const args = ['demo', '--out', out, '--base-url', host.url];

    const refusals: Array<[string[], string]> = [
      ['https://localhost/forms', 'without a path'],
      ['ftp://localhost', 'must be an http or https address'],
      ['http://elsewhere.test', '"elsewhere.test" is not a served domain of the space'],
      ['http://www.localhost', '"www.localhost" is not a served domain of the space'],
    ].map(([value, message]) => [[...args, '--form-endpoint', value!], message!]);
    refusals.push([
      ['demo', '--out', out, '--base-url', 'https://www.example.org', '--form-endpoint', 'http://shop.test'],
      'is plain http: browsers refuse to post to it from the https site',
    ]);
    const refused = await Promise.all(refusals.map(([argv]) => build(argv)));
    refusals.forEach(([argv, message], i) => {
      expect(refused[i]!.code, argv.join(' ')).toBe(1);
      expect(refused[i]!.stderr, argv.join(' ')).toContain(message);
    });

    const run = await build([...args, '--form-endpoint', endpoint, '--incremental']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('needs a Verso website process');
    expect(run.stdout).toContain(
      `forms post to ${endpoint}: its website process needs FORM_ORIGINS=${host.url}`,
    );
    const contact = readFileSync(join(out, 'contact.html'), 'utf8');
    const action = /<form[^>]*action="([^"]+)"/.exec(contact)![1]!;
    expect(action).toBe(`${endpoint}/_cms/forms/block/contact/contact-form`);
    const stamp = /name="_stamp" value="([^"]+)"/.exec(contact)![1]!;
    const demoId = (await stack.db.query<{ id: string }>("select id from spaces where name = 'demo'"))
      .rows[0]!.id;
    expect(checkFormStamp(stack.env.AUTH_SECRET!, demoId, 'block/contact/contact-form', stamp)).toBe('ok');
    expect(stamp.startsWith('s')).toBe(true);
    // Pages without forms are the site's bytes as ever.
    expect(
      readFileSync(join(out, 'about.html')).equals(
        (await get(site.url, '/about', new URL(host.url).host)).body,
      ),
    ).toBe(true);
    const headers = readFileSync(join(out, '_headers'), 'utf8');
    expect(headers).toContain(`connect-src 'self' ${endpoint}; form-action 'self' ${endpoint};`);
    expect(readFileSync(join(out, 'nginx.conf'), 'utf8')).toContain(`form-action 'self' ${endpoint};`);

    // What the island sends from the exported page, with the stamp the build wrote into it.
    const page = await fetch(`${host.url}/contact`);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${endpoint}`);
    const body = new URLSearchParams();
    for (const m of (await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
      body.set(m[1]!, m[2]!);
    for (const [k, v] of Object.entries({
      name: 'Static Ada',
      email: 'ada@example.org',
      topic: 'wholesale',
      message: 'Posted from the exported page.',
    }))
      body.set(k, v);
    const posted = await fetch(action, {
      method: 'POST',
      headers: { origin: host.url, accept: 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body,
    });
    expect(posted.status, await posted.clone().text()).toBe(200);
    expect(posted.headers.get('access-control-allow-origin')).toBe(host.url);
    const stored = await stack.db.query<{ page: string; host: string }>(
      "select page, host from website_form_submissions where values->>'name' = 'Static Ada'",
    );
    expect(stored.rows).toEqual([{ page: '/contact', host: 'localhost' }]);
    // The website process of the stack has no FORM_ORIGINS: the same post is refused there.
    const elsewhere = await fetch(
      `http://localhost:${new URL(site.url).port}/_cms/forms/block/contact/contact-form`,
      {
        method: 'POST',
        headers: { origin: host.url, accept: 'application/json' },
        body,
      },
    );
    expect(elsewhere.status).toBe(403);

    // An incremental build renews the stamps (pages with forms only); another endpoint builds everything.
    await new Promise((r) => setTimeout(r, 5));
    const again = await build([...args, '--form-endpoint', endpoint, '--incremental']);
    expect(again.stdout, again.stderr).toMatch(/incremental: [1-4] files rewritten, \d+ kept/);
    expect(
      /name="_stamp" value="([^"]+)"/.exec(readFileSync(join(out, 'contact.html'), 'utf8'))![1],
    ).not.toBe(stamp);
    const other = await build([
      ...args,
      '--form-endpoint',
      `http://127.0.0.1:${new URL(endpointSite.url).port}`,
      '--incremental',
    ]);
    expect(other.stderr).toContain('"127.0.0.1" is not a served domain');
    const plain = await build([...args, '--incremental']);
    expect(plain.stdout).toContain('full build: the form endpoint changed');
    expect(readFileSync(join(out, '_headers'), 'utf8')).not.toContain(endpoint);
    await endpointSite.stop();
  }, 240_000);
});
