/**
 * A bench server for what an operator cannot configure: `verso serve`'s app (`buildApp` over
 * `createServices`, the same environment) with the page cache off (`--no-page-cache`: every page is rendered;
 * domains, settings and designs stay cached as in production) or the answer cache off (`--no-cache`: every
 * answer reads the database). It prints `{"port": …}` once it listens. `render-curve <renders> <sizes…>` instead
 * prints the pure render timings (bench/render-curve.ts) and exits.
 *
 *   node bin/run-ts.mjs bench/harness-server.ts website|public [--no-page-cache] [--no-cache]
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
const wrapped: TaggedCache = {
  getOrSet: (key, compute, opts) =>
    uncached(key) ? compute({ addTags() {} }) : cache.getOrSet(key, compute, opts),
  purgeTags: (tags) => cache.purgeTags(tags),
  close: () => cache.close(),
};
services.cache = wrapped;
const server = await listen(buildApp(mode, services), { port: 0, hostname: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
