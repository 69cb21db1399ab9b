import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import sirv from 'sirv';

/**
 * An exported folder (`verso build-site`) served as Netlify and Cloudflare Pages serve it, for a look before
 * deploying (`verso preview-site`) and for the tests that crawl an export: a page at its address without
 * `.html` (`try_files $uri $uri.html $uri/index.html`), the rules of `_redirects` (a file at the path wins
 * unless the rule is forced with `!`; `:splat`; 3xx with the query kept; 404 with the named page; 200 as a
 * rewrite), the headers of `_headers`, and `404.html` for any other address. Domain-level rules
 * (`https://other.example/* …`) are for the host and are skipped: the preview answers any Host.
 * Files are read per request, so the folder may be rebuilt while the server runs.
 */

interface HeaderRule {
  pattern: string;
  headers: Array<[string, string]>;
}

interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

/** The rules of a `_headers` file: a path pattern, then its indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
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

/** The path rules of a `_redirects` file, in order (the first match wins); domain-level lines are left out. */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (!fields[0] || fields[0].startsWith('#') || !fields[0].startsWith('/') || !fields[1]) continue;
    const code = fields[2] ?? '301';
    rules.push({
      from: fields[0],
      to: fields[1],
      status: Number.parseInt(code, 10),
      force: code.endsWith('!'),
    });
  }
  return rules;
}

/** What a pattern's `*` matched, or undefined when the path does not match (`/de/*` matches `/de/` and below). */
function matchPattern(pattern: string, path: string): string | undefined {
  if (!pattern.endsWith('*')) return pattern === path ? '' : undefined;
  const prefix = pattern.slice(0, -1);
  return path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
}

/** The file an address names, as `try_files $uri $uri.html $uri/index.html` finds it; never outside `dir`. */
function fileFor(dir: string, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const base = normalize(join(dir, decoded));
  if (base !== dir && !base.startsWith(dir + sep)) return undefined;
  for (const candidate of [base, `${base}.html`, join(base, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const readRules = <T>(dir: string, name: string, parse: (text: string) => T[]): T[] =>
  existsSync(join(dir, name)) ? parse(readFileSync(join(dir, name), 'utf8')) : [];

export function previewHandler(folder: string): (req: IncomingMessage, res: ServerResponse) => void {
  const dir = normalize(folder).replace(/[/\\]$/, '');
  const files = sirv(dir, { extensions: ['html'], dotfiles: false, dev: true, brotli: true, gzip: true });
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview');
    const path = url.pathname;
    // `_headers` wins over what the file server guesses (a media `original` has no extension to tell its type).
    const headers = readRules(dir, '_headers', parseHeadersFile)
      .filter((rule) => matchPattern(rule.pattern, path) !== undefined)
      .flatMap((rule) => rule.headers);
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      for (const [k, v] of headers) res.setHeader(k, v);
      const extra = rest.find((r) => r && typeof r === 'object') as Record<string, string> | undefined;
      if (extra)
        for (const [k] of headers)
          for (const name of Object.keys(extra))
            if (name.toLowerCase() === k.toLowerCase()) delete extra[name];
      return writeHead(status, ...(rest as []));
    }) as typeof res.writeHead;

    const sendFile = (file: string, status: number) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(readFileSync(file));
    };
    // The hosts read the rule files and never serve them.
    const found = path === '/_headers' || path === '/_redirects' ? undefined : fileFor(dir, path);
    for (const rule of readRules(dir, '_redirects', parseRedirectsFile)) {
      if (found && !rule.force) continue;
      const splat = matchPattern(rule.from, path);
      if (splat === undefined) continue;
      const to = rule.to.replace(':splat', splat);
      if (rule.status >= 300 && rule.status < 400) {
        const target = new URL(to, 'http://preview');
        const location = target.search || !url.search ? to : `${to}${url.search}`;
        res.writeHead(rule.status, { Location: location });
        res.end();
        return;
      }
      const rewritten = fileFor(dir, to);
      if (rewritten) {
        if (rule.status === 200) {
          req.url = to;
          break;
        }
        sendFile(rewritten, rule.status);
        return;
      }
    }
    // The rule files are never served, though sirv would: nothing else is left to find.
    if (req.url === `${path}${url.search}` && !found) return notFound(dir, sendFile, res);
    files(req, res, () => notFound(dir, sendFile, res));
  };
}

function notFound(dir: string, sendFile: (file: string, status: number) => void, res: ServerResponse) {
  const page = join(dir, '404.html');
  if (existsSync(page)) return sendFile(page, 404);
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Not found\n');
}

/** Serves `dir` on `host:port` (port 0: any free one); resolves once it listens. */
export async function previewHost(
  dir: string,
  options: { port?: number; host?: string } = {},
): Promise<{ url: string; port: number; server: Server }> {
  const server = createServer(previewHandler(dir));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return { url: `http://localhost:${port}`, port, server };
}
