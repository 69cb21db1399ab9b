import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerso } from '../../core/testing/processes.ts';
import { type HostRules, headersFile, redirectsFile } from './host-files.ts';
import { previewHost } from './preview-host.ts';

const rules: HostRules = {
  securityHeaders: [
    ['X-Content-Type-Options', 'nosniff'],
    ['Content-Security-Policy', "default-src 'self'"],
  ],
  immutableCacheControl: 'public, max-age=31536000, immutable',
  mediaCacheControl: 'public, max-age=3600',
  contentTypes: [{ path: '/media/1/original', type: 'image/png' }],
  redirects: [
    { from: '/old page', to: '/about', status: 301 },
    { from: '/about', to: '/elsewhere', status: 302 },
  ],
  localePrefix: '/en',
  hostRedirects: [{ from: 'https://www.example.org', to: 'https://example.org' }],
  notFound: [
    { prefix: '', file: '404.html' },
    { prefix: '/de', file: 'de/404.html' },
  ],
};

/** Sends a raw path (not normalised by a URL parser, as a browser or an attacker might send it). */
function raw(
  port: number,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** An export's folder as the static hosts read it, served by `verso preview-site`'s server. */
describe('previewing an exported folder', () => {
  let port: number;
  let close: () => void;
  const dir = mkdtempSync(join(tmpdir(), 'verso-preview-'));
  beforeAll(async () => {
    mkdirSync(join(dir, 'de'));
    mkdirSync(join(dir, 'blog'));
    mkdirSync(join(dir, 'media/1'), { recursive: true });
    mkdirSync(join(dir, '_site'));
    writeFileSync(join(dir, '_headers'), headersFile(rules));
    writeFileSync(join(dir, '_redirects'), redirectsFile(rules));
    writeFileSync(join(dir, 'index.html'), '<h1>home</h1>');
    writeFileSync(join(dir, 'about.html'), '<h1>about</h1>');
    writeFileSync(join(dir, 'blog.html'), '<h1>blog</h1>');
    writeFileSync(join(dir, 'blog/post.html'), '<h1>post</h1>');
    writeFileSync(join(dir, '404.html'), '<h1>not found</h1>');
    writeFileSync(join(dir, 'de/404.html'), '<h1>nicht gefunden</h1>');
    writeFileSync(join(dir, 'media/1/original'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(dir, '_site/a1b2.css'), 'body{}');
    const host = await previewHost(dir);
    port = host.port;
    close = () => host.server.close();
  });
  afterAll(() => close());

  it('serves pages at their address without .html, with the headers of _headers', async () => {
    for (const [path, text] of [
      ['/', 'home'],
      ['/blog', 'blog'],
      ['/blog/post', 'post'],
    ]) {
      const res = await raw(port, path!);
      expect([res.status, res.body], path).toEqual([200, `<h1>${text}</h1>`]);
      expect(res.headers['content-security-policy']).toBe("default-src 'self'");
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    const css = await raw(port, '/_site/a1b2.css');
    expect([css.status, css.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    const original = await raw(port, '/media/1/original');
    expect([original.status, original.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('applies _redirects: a file at the path wins, the locale prefix and redirects keep the query', async () => {
    expect((await raw(port, '/about')).status).toBe(200);
    const prefixed = await raw(port, '/en/blog/post?x=1');
    expect([prefixed.status, prefixed.headers.location]).toEqual([301, '/blog/post?x=1']);
    expect((await raw(port, '/en')).headers.location).toBe('/');
    const old = await raw(port, '/old%20page');
    expect([old.status, old.headers.location]).toEqual([301, '/about']);
  });

  it('answers 404 with the locale 404 page, else the root one; never a file outside the folder', async () => {
    const de = await raw(port, '/de/nirgends');
    expect([de.status, de.body]).toEqual([404, '<h1>nicht gefunden</h1>']);
    const root = await raw(port, '/nowhere');
    expect([root.status, root.body]).toEqual([404, '<h1>not found</h1>']);
    expect((await raw(port, '/../../etc/passwd')).status).toBe(404);
    expect((await raw(port, '/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await raw(port, '/_redirects')).status).toBe(404);
  });

  it('`verso preview-site` refuses a folder that is no export, in one line that names the fix', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'verso-preview-empty-'));
    const run = await runVerso(['preview-site', empty]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `verso: ${empty} is not a folder written by \`verso build-site\` (it has no _headers): run \`verso build-site SPACE --out ${empty}\` first`,
    ]);
  });
});
