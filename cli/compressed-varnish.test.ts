import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../core/http/content-coding.ts';
import { type Listening, listen } from '../core/http/listen.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type RunningVarnish, startVarnish } from '../core/testing/varnish.ts';
import { buildApp } from './app.ts';
import { closeServices, type Services } from './services.ts';
import { demoServices } from './testing/demo-services.ts';
import { decodedBody, header, send } from './testing/raw-http.ts';

/**
 * Compressed answers of the public API through Debian's Varnish and the shipped deploy/varnish/verso.vcl
 * (EDGE_CACHE=varnish), as docs/deployment.md runs it. Varnish's `http_gzip_support` is on by default: it asks
 * the origin for gzip whatever the client sent, keeps the gzip object, sends it to clients that take gzip and
 * gunzips it for the others. Every client, whichever coding it asks for, must read the identity bytes.
 */
const databaseUrl = serviceUrl('DATABASE_URL');
const PATHS = ['/v1/content?limit=5&expand=cover', '/v1/menus/main'];
/** Each client, and the coding Varnish sends it: gzip to those that take it, gunzipped for the others. */
const CLIENTS: Array<[string, Record<string, string>, string | undefined]> = [
  ['br', { 'accept-encoding': 'br' }, undefined],
  ['gzip', { 'accept-encoding': 'gzip' }, 'gzip'],
  ['gzip, deflate, br', { 'accept-encoding': 'gzip, deflate, br' }, 'gzip'],
  ['nothing', {}, undefined],
];

describe.skipIf(!databaseUrl)('compressed answers through Varnish', () => {
  let services: Services;
  let drop = async () => {};
  let server: Listening;
  let varnish: RunningVarnish;
  let origin: string;

  beforeAll(async () => {
    ({ services, drop } = await demoServices({
      name: 'compressed-varnish',
      secret: 'compressed-varnish-secret-0123456789-0123456',
      databaseUrl,
    }));
    const config = { ...services.config, EDGE_CACHE: 'varnish' as const, SCOPES: ['media' as const] };
    const app = buildApp('public', { ...services, config }, { rateLimits: false });
    server = await listen(app, { port: 0, hostname: '127.0.0.1' });
    origin = `http://127.0.0.1:${server.port}`;
    varnish = await startVarnish(server.port);
  }, 180_000);
  afterAll(async () => {
    await varnish?.stop();
    await server?.close();
    if (services) await closeServices(services);
    await drop();
  }, 60_000);

  it.each(PATHS)('%s: one gzip object for every client, each reads the identity bytes', async (path) => {
    const identity = await send(origin, path);
    expect(identity.status).toBe(200);
    expect(identity.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const etag = header(identity, 'etag')!;
    for (let round = 0; round < 2; round++)
      for (const [name, headers, coding] of CLIENTS) {
        const r = await send(varnish.url, path, headers);
        expect(r.status, name).toBe(200);
        // Only the first request of the address reaches the origin (as gzip): the others share its object.
        expect(header(r, 'x-cache'), `${name}, round ${round}`).toBe(
          round === 0 && name === CLIENTS[0]![0] ? 'miss' : 'hit',
        );
        expect(header(r, 'content-encoding'), name).toBe(coding);
        expect(decodedBody(r).equals(identity.body), name).toBe(true);
        if (coding) expect(r.body.length).toBeLessThan(identity.body.length / 2);
        expect(header(r, 'vary'), name).toBe('Accept-Encoding');
        expect(header(r, 'etag'), name).toBe(etag);
        // Revalidation at the edge: 304 to the shared weak ETag whatever the client takes.
        const again = await send(varnish.url, path, { ...headers, 'if-none-match': etag });
        expect(again.status, name).toBe(304);
        expect(again.body.length).toBe(0);
      }
  });

  it('an error (no-store) passes through to every client as the origin sent it, with Vary', async () => {
    const path = '/v1/content/d0c00000-0000-4000-8000-00000000ffff';
    const identity = await send(origin, path);
    expect(identity.status).toBe(404);
    for (const [name, headers] of CLIENTS) {
      const r = await send(varnish.url, path, headers);
      expect(r.status, name).toBe(404);
      expect(header(r, 'x-cache'), name).toBe('miss');
      expect(header(r, 'content-encoding'), name).toBeUndefined();
      expect(header(r, 'vary'), name).toBe('Accept-Encoding');
      expect(r.body.equals(identity.body), name).toBe(true);
    }
  });
});
