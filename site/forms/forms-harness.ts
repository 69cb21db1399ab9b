import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Db } from '../../core/db/types.ts';
import { localDiskStorage } from '../../core/media/local-disk-storage.ts';
import { sharpRenderer } from '../../core/media/render-variant.ts';
import type { MediaStorage } from '../../core/media/storage.ts';
import { variantStore } from '../../core/media/variant-store.ts';
import { createRateLimiter } from '../../core/rate-limit/rate-limiter.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { type CapturedLog, captureLog } from '../../core/testing/capture-log.ts';
import { migrated, type TestDatabase } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { formStamp } from '../access/form-stamp.ts';
import { websiteServer } from '../server/website-server.ts';
import { siteFixture } from '../testing/site-fixture.ts';

export const plugins = loadPlugins({ website: true });
export const AUTH_SECRET = 'forms-test-auth-secret-0123456789-abcdef';
const MEDIA_SECRET = 'forms-test-media-secret-0123456789-abcdef';

/** The fixture's contact form (page design `page`, node `contact`), with a field of every type. */
export const FORM_PATH = '/_cms/forms/page/page/contact';
export const FORM_REF = 'page/page/contact';

export function formsSpace(): Record<string, unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: the export format is edited by path
  const space = siteFixture() as Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const page = space.website.designs.find((d: any) => d.kind === 'page' && d.key === 'page');
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const find = (node: any): any =>
    node.id === 'contact' ? node : (node.children ?? []).map(find).find(Boolean);
  const form = find(page.published.root);
  form.props.errorMessage = { en: 'Please check the form.', de: 'Bitte prüfe das Formular.' };
  form.children = [
    { id: 'result', el: 'formMessage' },
    {
      id: 'email',
      el: 'formField',
      props: { name: 'email', label: 'E-mail', type: 'email', required: true },
    },
    {
      id: 'name',
      el: 'formField',
      props: { name: 'name', label: { en: 'Name', de: 'Name' }, type: 'text', required: true, maxLength: 20 },
    },
    {
      id: 'topic',
      el: 'formField',
      props: {
        name: 'topic',
        label: 'Topic',
        type: 'select',
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
    },
    { id: 'cups', el: 'formField', props: { name: 'cups', label: 'Cups', type: 'number' } },
    { id: 'site', el: 'formField', props: { name: 'site', label: 'Website', type: 'url' } },
    { id: 'phone', el: 'formField', props: { name: 'phone', label: 'Phone', type: 'tel' } },
    { id: 'message', el: 'formField', props: { name: 'message', label: 'Message', type: 'textarea' } },
    {
      id: 'agree',
      el: 'formField',
      props: { name: 'agree', label: 'I agree', type: 'checkbox', required: true },
    },
    { id: 'send', el: 'formSubmit', props: { text: { en: 'Send', de: 'Senden' } } },
  ];
  return space;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read as plain JSON
  json: any;
}

export interface FormsSite {
  db: Db;
  log: CapturedLog;
  cache: TaggedCache;
  storage: MediaStorage;
  base: string;
  /** A real HTTP request to the site with the `Host` header given (default `fixture.test`). */
  call(
    method: string,
    path: string,
    options?: { host?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean },
  ): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * The website process over a migrated database with `space` imported, served on a free port, built
 * as `verso serve` builds it (AUTH_SECRET, an in-memory rate limiter, TRUSTED_PROXIES unset, so
 * `X-Forwarded-For` names the client). `mount` adds routes in front (the control API).
 */
export async function openFormsSite(
  open: TestDatabase['open'],
  space: Record<string, unknown> = formsSpace(),
  mount?: (app: Hono, deps: { db: Db; cache: TaggedCache }) => void,
  config: { FORM_ORIGINS?: string[] } = {},
): Promise<FormsSite> {
  const handle = await migrated(open, allMigrations(plugins));
  const dir = mkdtempSync(join(tmpdir(), 'verso-forms-'));
  const storage = localDiskStorage(dir);
  await importSpace(handle.db, parseSpaceFile(space, plugins), { baseDir: process.cwd(), storage, plugins });
  const cache = memoryCache({ defaultTtlSeconds: 120 });
  const log = captureLog('info');
  const app = new Hono();
  mount?.(app, { db: handle.db, cache });
  app.route(
    '/',
    websiteServer({
      db: handle.db,
      log: log.log,
      cache,
      storage,
      variants: variantStore({ dir: join(dir, 'variants'), storage, render: sharpRenderer }),
      mediaSecret: () => MEDIA_SECRET,
      authSecret: () => AUTH_SECRET,
      rateLimiter: createRateLimiter({ log: log.log }),
      config: { SITE_CACHE_TTL: 120, SCOPES: [], ...config },
    }),
  );
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    db: handle.db,
    log,
    cache,
    storage,
    base,
    call: (method, path, options = {}) =>
      new Promise((resolve, reject) => {
        const body = options.body;
        const headers: Record<string, string | number> = {
          host: options.host ?? 'fixture.test',
          ...options.headers,
        };
        if (body !== undefined && !options.chunked) headers['content-length'] = Buffer.byteLength(body);
        const req = request(`${base}${path}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
        });
        req.on('error', reject);
        if (body !== undefined && options.chunked) {
          // Written in pieces without a Content-Length: the limit must hold while reading.
          const buf = Buffer.from(body);
          for (let i = 0; i < buf.length; i += 16 * 1024) req.write(buf.subarray(i, i + 16 * 1024));
        } else if (body !== undefined) req.write(body);
        req.end();
      }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await cache.close();
      await handle.drop();
    },
  };
}

/** What the forms tests post: the origin, accept headers, a stamp as a render gave it, valid fields, client addresses. */
export const ORIGIN = 'http://fixture.test';
export const JSON_ACCEPT = 'application/json';
export const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A stamp as a render gave it `ageMs` ago. */
export const stamp = (ageMs = 5000) => formStamp(AUTH_SECRET, ids.space, FORM_REF, Date.now() - ageMs);

export const valid = (extra: Record<string, string> = {}) => ({
  _stamp: stamp(),
  _locale: 'en',
  _page: '/about',
  _anchor: 'f0',
  website_url: '',
  email: 'ada@example.org',
  name: 'Ada',
  topic: 'a',
  cups: '12',
  site: 'https://example.org/x',
  phone: '+49 30 1234567',
  message: 'Hello\nthere',
  agree: 'yes',
  ...extra,
});

let addressNo = 0;
/** Every post from its own client address unless named, so the rate rule counts only where a test wants it. */
export const nextAddress = () => `198.51.100.${++addressNo}`;
