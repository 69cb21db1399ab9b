import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sirv from 'sirv';

/** The rules of a `_headers` file (Netlify / Cloudflare Pages format): path pattern, then its headers. */
function parseHeaders(text: string): Array<{ pattern: string; headers: Array<[string, string]> }> {
  const rules: Array<{ pattern: string; headers: Array<[string, string]> }> = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else {
      const i = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

const matches = (pattern: string, path: string) =>
  pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;

/**
 * An exported folder served as Netlify or Cloudflare Pages would: files, `.html` pages at their address without
 * the extension, the headers of `_headers`, and the nearest `404.html` for an unknown address. Listens on a
 * port of its own before the folder exists (it reads files per request), so a build can use its address.
 */
export async function staticHost(
  dir: string,
  port = 0,
): Promise<{ url: string; port: number; server: Server }> {
  let rules: ReturnType<typeof parseHeaders> | undefined;
  const files = sirv(dir, { extensions: ['html'], dotfiles: false, dev: true, brotli: true, gzip: true });
  const server = createServer((req, res) => {
    rules ??= parseHeaders(readFileSync(join(dir, '_headers'), 'utf8'));
    const path = (req.url ?? '/').split('?')[0]!;
    for (const rule of rules)
      if (matches(rule.pattern, path)) for (const [k, v] of rule.headers) res.setHeader(k, v);
    files(req, res, () => {
      const locale = path.split('/')[1] ?? '';
      let notFound = join(dir, '404.html');
      try {
        statSync(join(dir, locale, '404.html'));
        notFound = join(dir, locale, '404.html');
      } catch {}
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(readFileSync(notFound));
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const actual = (server.address() as AddressInfo).port;
  return { url: `http://localhost:${actual}`, port: actual, server };
}

/**
 * What Netlify and Cloudflare Pages do on the fly: text files are sent compressed (brotli, else gzip). The
 * test host serves precompressed siblings (`.br`, `.gz`), made here after the build, as nginx's
 * `brotli_static`/`gzip_static` would.
 */
export function compressLikeAHost(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(html|css|js|xml|txt|json|svg)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body));
    writeFileSync(`${file}.gz`, gzipSync(body));
  }
}
