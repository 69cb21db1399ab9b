import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../../core/testing/databases.ts';
import { freePort, type Running, runVerso, startVerso } from '../../core/testing/processes.ts';

/**
 * docs/delivery-api.md, "A blog front end in 10 minutes", run as written: the script of the guide, taken from the
 * document, against a real `verso serve` of the public API on the demo space, then what it wrote is checked
 * against the API itself.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const guide = readFileSync(join(root, 'docs/delivery-api.md'), 'utf8');

function guideScript(): string {
  const marker = guide.indexOf('<!-- blog.mjs');
  const start = guide.indexOf('```js\n', marker);
  const end = guide.indexOf('\n```', start + 6);
  if (marker < 0 || start < 0 || end < 0) throw new Error('the guide has no blog.mjs block');
  return guide.slice(start + 6, end + 1);
}

describe('the blog front end of the guide', () => {
  let api: string;
  let server: Running | undefined;
  let drop = async () => {};
  const out = join(mkdtempSync(join(tmpdir(), 'verso-blog-')), 'out');

  beforeAll(async () => {
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'verso-blog-data-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      PUBLIC_SPACE: '',
    };
    if (process.env.DATABASE_URL) {
      const database = await freshPostgres(process.env.DATABASE_URL);
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
    for (const argv of [['migrate'], ['import', join(root, 'demo/space.json')]]) {
      const r = await runVerso(argv, env);
      if (r.code !== 0) throw new Error(`verso ${argv.join(' ')}: ${r.stderr}`);
    }
    const port = await freePort();
    server = await startVerso(
      ['serve'],
      { ...env, SERVER_MODE: 'public', HOST: '127.0.0.1', PORT: String(port) },
      /"msg":"listening"/,
    );
    api = `http://127.0.0.1:${port}`;
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await drop();
  });

  const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');
  const get = async (path: string) => (await fetch(api + path)).json();

  it('writes the newest posts first with srcset covers, each post with its author, menu and language switch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verso-blog-script-'));
    writeFileSync(join(dir, 'blog.mjs'), guideScript());
    const run = await promisify(execFile)(process.execPath, ['blog.mjs'], {
      cwd: dir,
      env: { ...process.env, VERSO_API: api, OUT: out },
    });
    expect(run.stdout).toContain(`wrote ${out}/`);

    for (const [locale, prefix] of [
      ['en', ''],
      ['de', '/de'],
    ] as const) {
      const posts = await get(`/v1/content?type=blog-post&locale=${locale}&order=-publishedAt&limit=10`);
      expect(posts.total).toBeGreaterThan(2);
      const home = page(prefix);
      expect(home).not.toContain('undefined');
      // Newest first, as the API orders them, each linking to its page, which was written.
      const linked = [...home.matchAll(/<h2><a href="([^"]+)">/g)].map((m) => m[1]);
      expect(linked).toEqual(posts.items.map((p: { permalink: string }) => `${prefix}/${p.permalink}`));
      const dates = posts.items.map((p: { publishedAt: string }) => p.publishedAt);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const href of linked) expect(existsSync(join(out, href!, 'index.html')), href).toBe(true);
      // Every cover has a srcset of several widths, each served as an image by the API.
      const srcsets = [...home.matchAll(/srcset="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&#38;', '&'));
      expect(srcsets.length).toBe(posts.items.length);
      const candidates = srcsets[0]!.split(', ').map((c) => c.split(' '));
      expect(candidates.length).toBeGreaterThan(2);
      for (const [url, width] of candidates) {
        expect(width).toMatch(/^\d+w$/);
        const image = await fetch(url!);
        expect(image.status, url).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
      }
      // The menu in the locale, under this site's prefix.
      const menu = await get(`/v1/menus/main?locale=${locale}`);
      expect(home).toContain(`<a href="${prefix}${menu.items[1].href}">${menu.items[1].label}</a>`);
    }

    // A post: its body, its author, and a switch to its other language, whose page exists.
    const post = await get('/v1/permalink/blog/why-we-roast-lighter?expand=author');
    const english = page('/blog/why-we-roast-lighter');
    expect(english).toContain(`<h1>${post.title}</h1>`);
    expect(english).toContain(`<p>${post.fields.author.name}</p>`);
    expect(english).toContain('<h2>Roasting is cooking</h2>');
    expect(english).toContain(`<a hreflang="de" href="/de/${post.alternates.de}">DE</a>`);
    const german = page(`/de/${post.alternates.de}`);
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('<a hreflang="en" href="/blog/why-we-roast-lighter">EN</a>');
    // A link in the German body points to the German page, under /de.
    expect(german).toMatch(/<a href="\/de\/kaffees\/[a-z-]+">/);
  }, 120_000);
});
