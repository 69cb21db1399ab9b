import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { previewHost } from './preview-host.ts';

/**
 * For tests: an exported folder served as Netlify or Cloudflare Pages would (`verso preview-site`'s server,
 * preview-host.ts). Listens before the folder exists (it reads files per request), so a build can use its
 * address.
 */
export function staticHost(dir: string, port = 0): Promise<{ url: string; port: number; server: Server }> {
  return previewHost(dir, { port });
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
