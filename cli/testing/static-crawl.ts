import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { cssRefs, htmlRefs } from '../../site/export/static-refs.ts';

// What the static export's tests read of a folder and of the static host serving it (cli/build-site.test.ts,
// cli/build-site-batch.test.ts).

/** One answer of a server at `base`, with a Host of the caller's choosing (fetch may not set Host). */
export function get(
  base: string,
  path: string,
  host?: string,
): Promise<{ status: number; body: Buffer; type: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path, agent: false, headers: host ? { host } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            type: String(res.headers['content-type'] ?? ''),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Every link and asset reachable from `starts` on the static server; the addresses that did not answer 200. */
export async function crawl(base: string, starts: string[]): Promise<{ visited: number; broken: string[] }> {
  const seen = new Set(starts);
  const queue = [...starts];
  const broken: string[] = [];
  while (queue.length) {
    const path = queue.shift()!;
    const res = await get(base, path);
    if (res.status !== 200) {
      broken.push(`${path} (${res.status})`);
      continue;
    }
    const text = res.body.toString('utf8');
    const next = res.type.startsWith('text/html')
      ? [
          ...htmlRefs(text),
          ...[...text.matchAll(/<a [^>]*href="(\/[^"#]*)/g)]
            .map((m) => m[1]!)
            .filter((p) => !p.startsWith('//')),
        ]
      : res.type.startsWith('text/css')
        ? cssRefs(text)
        : [];
    for (const p of next)
      if (!seen.has(p)) {
        seen.add(p);
        queue.push(p);
      }
  }
  return { visited: seen.size, broken };
}

/** Every file under `dir`, as paths relative to it, sorted. */
export const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
