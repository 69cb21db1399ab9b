/**
 * A bench server for what an operator cannot configure: `verso serve`'s app (`buildApp` over
 * `createServices`, the same environment) with the page cache missing (`--no-page-cache`: every page is rendered;
 * domains, settings and designs stay cached as in production) or the answer cache missing (`--no-cache`: every
 * answer reads the database). With `--miss`, "off" is what a new address is in production: the cache is asked
 * under a key of its own, finds nothing (with REDIS_URL: after reading the shared entry) and keeps the entry (in
 * Redis: written after the answer); keys come back after 4,096 requests, their entries long gone (1 s), so that a
 * run fills neither the process nor Redis. Without it the cache is not asked at all. It prints `{"port": …}` once
 * it listens. `render-curve <renders> <sizes…>` instead
 * prints the pure render timings (bench/render-curve.ts) and exits.
 *
 *   node bin/run-ts.mjs bench/harness-server.ts website|public [--no-page-cache] [--no-cache] [--miss]
 *   node bin/run-ts.mjs bench/harness-server.ts render-curve 500 50 200 1000
 */
import { buildApp } from '../cli/app.ts';
import { createServices } from '../cli/services.ts';
import type { TaggedCache } from '../core/cache/tagged-cache.ts';
import { loadConfig, type ServerMode } from '../core/config/index.ts';
import { listen } from '../core/http/listen.ts';
import { renderCurve } from './render-curve.ts';

const [mode, ...flags] = process.argv.slice(2) as [ServerMode | 'render-curve', ...string[]];
if (mode === 'render-curve') {
  // One-shot: `render-curve <renders> <sizes…>` prints the timings and exits.
  const services = await createServices(loadConfig({ ...process.env, SERVER_MODE: 'website' }));
  const [renders, ...sizes] = flags.map(Number);
  process.stdout.write(`${JSON.stringify(await renderCurve(services, sizes, renders!))}\n`);
  process.exit(0);
}
const config = loadConfig({ ...process.env, SERVER_MODE: mode });
const services = await createServices(config);
const cache = services.cache;
/** Keys computed on every request; everything else cached as in production. */
const uncached = flags.includes('--no-cache')
  ? () => true
  : flags.includes('--no-page-cache')
    ? (key: string) => key.startsWith('site:page:')
    : () => false;
let misses = 0;
const miss = flags.includes('--miss');
const wrapped: TaggedCache = {
  getOrSet: (key, compute, opts) =>
    !uncached(key)
      ? cache.getOrSet(key, compute, opts)
      : miss
        ? cache.getOrSet(`${key}\u0000miss ${misses++ % 4096}`, compute, { ...opts, ttlSeconds: 1 })
        : compute({ addTags() {} }),
  purgeTags: (tags) => cache.purgeTags(tags),
  close: () => cache.close(),
};
services.cache = wrapped;
const server = await listen(buildApp(mode, services), { port: 0, hostname: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
