import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';

// Property-based fuzzing of real `verso serve` processes (public, website, management) on PostgreSQL: odd
// paths, query values, Host headers, cookies, GraphQL documents and variables, form and RPC bodies. Seeded
// and bounded in time. Properties: never a 5xx, never a hang past the deadline, every API error is the error
// body, no answer shows internals (stack frames, SQL, file paths, system error codes), and no answer has a
// `Location` to another host unless the space says so (an absolute target an editor wrote in the redirects
// table, or a domain set to redirect to its primary one).

const SEED = 20261124;
const PER_PROPERTY_MS = 8000;
const DEADLINE_MS = 5000;
// Stack frames, our files, system error codes, PostgreSQL's words (SQL keywords in capitals only: content may
// say "select").
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|\.ts:\d+\b|\bECONN[A-Z]+|\bEPIPE\b|syntax error at or near|violates [a-z ]*constraint|relation "|pg_catalog|invalid input syntax for|\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b/;

interface Answer {
  status: number;
  type: string;
  body: string;
  location?: string;
  /** The `Host` the request was sent with. */
  host: string;
}

/** Where the space itself sends visitors to another host: absolute redirect targets, and its domains' primaries. */
const elsewhere = { targets: [] as string[], redirecting: new Set<string>(), domains: new Set<string>() };

function send(
  base: string,
  options: { method?: string; path: string; host?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const url = new URL(base);
  const host = options.host ?? url.host;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host, ...options.headers },
        timeout: DEADLINE_MS,
      },
      (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body,
            host,
            ...(res.headers.location === undefined ? {} : { location: res.headers.location }),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${DEADLINE_MS} ms: ${options.path}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The properties every answer must hold; `json` when errors must be the API's error body. */
function check(answer: Answer, what: string, json: boolean): void {
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.body, what).not.toMatch(INTERNALS);
  if (answer.location !== undefined) expect(offHost(answer), `${what} → ${answer.location}`).toBe(false);
  if (json && answer.status >= 400 && answer.type.includes('json')) {
    const parsed = JSON.parse(answer.body) as { error?: { key?: string; status?: number } };
    expect(parsed.error?.status, what).toBe(answer.status);
    expect(typeof parsed.error?.key, what).toBe('string');
  }
}

/** Whether a browser would leave the request's host for the answer's `Location` without the space saying so. */
function offHost(answer: Answer): boolean {
  const location = answer.location as string;
  const requestHost = answer.host.toLowerCase().replace(/:\d+$/, '');
  let lands: URL;
  try {
    // A placeholder base: a relative location lands on it, whatever the request's Host was.
    lands = new URL(location, 'http://request.invalid/');
  } catch {
    return true;
  }
  if (lands.hostname === 'request.invalid' || lands.hostname === requestHost) return false;
  if (elsewhere.targets.some((t) => location.startsWith(t))) return false;
  return !(elsewhere.redirecting.has(requestHost) && elsewhere.domains.has(lands.hostname));
}

/** Nasty text: control bytes and NUL, odd unicode, percent-encodings valid and broken, huge numbers. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '%00',
    '%ZZ',
    '%C3%28',
    '%E2%82',
    '%FF',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e/',
    '\u0000',
    '\uFFFF',
  ),
  fc.constantFrom('999999999999999999999', '-1', '1e309', 'NaN', '0x10', '9'.repeat(400)),
  fc.constantFrom("' or 1=1 --", '<script>', '{"a":', '[]', 'null', '*', '%', '_', '\\'),
);
const encoded = nasty.map((s) => {
  // Some values go as they are (already percent-encoded or broken), the rest encoded.
  try {
    return /%/.test(s) ? s.replace(/[^\x21-\x7e]/g, (ch) => encodeURIComponent(ch)) : encodeURIComponent(s);
  } catch {
    return '%00';
  }
});
const run = <T>(property: fc.IAsyncProperty<T>) =>
  fc.assert(property, {
    seed: SEED,
    numRuns: 400,
    interruptAfterTimeLimit: PER_PROPERTY_MS,
    endOnFailure: true,
  });

const adminUrl = serviceUrl('DATABASE_URL');

describe.skipIf(!adminUrl)('fuzzing real processes', () => {
  let stack: FixtureStack;
  let pub: StackProcess;
  let site: StackProcess;
  let management: StackProcess;
  let key: string;
  beforeAll(async () => {
    stack = await fixtureStack(adminUrl!);
    // Room for the fuzzers under the public API's and the site's rate rules (a 429 holds the properties too).
    await stack.db.query(
      `insert into space_controls (space_id, key, value)
       select id, k, '100000'::jsonb from spaces, unnest(array['rateLimit.publicApi.points', 'rateLimit.sitePages.points']) k
       on conflict do nothing`,
    );
    // A domain that redirects to its primary, and redirects an editor could write: one to another site, and
    // relative ones that look like paths but are not (`/.//evil.example`), or look like wildcards.
    await stack.db.query(
      `insert into website_domains (host, space_id, "primary", redirect_to_primary)
       select 'www.fixture.test', id, false, true from spaces where name = 'fixture'`,
    );
    await stack.db.query(
      `insert into redirects (space_id, locale, from_path, to_path, status, position)
       select id, 'en', f, t, 302, 100 + n from spaces,
         unnest(array['/away', '/sneaky', '/go/*', '/q'], array['https://elsewhere.example/x', '/.//evil.example', '/about', '?page=2'])
           with ordinality as r(f, t, n)
       where name = 'fixture'`,
    );
    const absolute = await stack.db.query<{ to_path: string }>(
      `select to_path from redirects where to_path ~* '^[a-z][a-z0-9+.-]*:'`,
    );
    elsewhere.targets = absolute.rows.map((r) => new URL(r.to_path).href);
    const domains = await stack.db.query<{ host: string; redirect_to_primary: boolean }>(
      'select host, redirect_to_primary from website_domains',
    );
    for (const d of domains.rows)
      (d.redirect_to_primary ? elsewhere.redirecting : elsewhere.domains).add(d.host);
    [pub, site, management] = await Promise.all([
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
      stack.serve('website'),
      stack.serve('management'),
    ]);
    key = await stack.createKey(['--permissions', 'space:read,space:write,website:code', '--role', 'owner']);
  }, 180_000);
  afterAll(() => stack?.stop());

  it('REST: odd paths and query values', async () => {
    const routes = fc.constantFrom(
      '/v1/content',
      '/v1/permalink/',
      '/v1/content/',
      '/v1/menus/',
      '/v1/assets/',
      '/v1/types',
      '/v1/redirects',
      '/v1/',
    );
    const keys = fc.constantFrom(
      'search',
      'tags',
      'type',
      'locale',
      'limit',
      'offset',
      'order',
      'expand',
      'fields',
      'include',
      'parent',
      'x',
    );
    await run(
      fc.asyncProperty(
        routes,
        encoded,
        fc.array(fc.tuple(keys, encoded), { maxLength: 4 }),
        async (route, segment, params) => {
          const query = params.map(([k, v]) => `${k}=${v}`).join('&');
          const path = `${route}${route.endsWith('/') ? segment : ''}${query ? `?${query}` : ''}`;
          check(await send(pub.url, { path }), `GET ${path}`, true);
        },
      ),
    );
  }, 60_000);

  it('GraphQL: odd documents and variables, by GET and POST', async () => {
    const documents = fc.oneof(
      nasty,
      fc.constantFrom(
        '{ content(search: $s) { items { id } } }',
        'query($s: String) { contents(search: $s, limit: 5) { items { id title } } }',
        'query($p: String!) { permalink(path: $p) { id } }',
        '{ __typename }',
        '{ a: __typename b: __typename }',
        `query { ${'{'.repeat(50)}`,
        'fragment f on Query { ...f } { ...f }',
      ),
    );
    const variables = fc.dictionary(
      fc.constantFrom('s', 'p', 'limit', 'x'),
      fc.oneof(nasty, fc.integer(), fc.constant(null), fc.array(nasty, { maxLength: 2 })),
      { maxKeys: 3 },
    );
    await run(
      fc.asyncProperty(documents, variables, fc.boolean(), async (query, vars, byGet) => {
        const answer = byGet
          ? await send(pub.url, {
              path: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(vars))}`,
            })
          : await send(pub.url, {
              method: 'POST',
              path: '/graphql',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query, variables: vars }),
            });
        check(answer, `graphql ${query}`, false);
      }),
    );
  }, 60_000);

  it('site: odd paths, Host headers and cookies', async () => {
    const hosts = fc.oneof(
      fc.constantFrom(
        'fixture.test',
        'de.fixture.test',
        'unknown.test',
        '999999999999999999999',
        '[::1',
        'a..b',
        '',
        'fixture.test:99999',
      ),
      nasty,
    );
    const paths = fc.oneof(
      encoded.map((s) => `/${s}`),
      fc.constantFrom(
        '/_site/x.css',
        '/_site/islands/x.js',
        '/_cms/share/x.y',
        '/_cms/canvas',
        '/media/x',
        '/sitemap.xml',
        '/robots.txt',
        '/about/team',
      ),
    );
    const cookies = fc.oneof(
      fc.constant(''),
      encoded.map((v) => `cms_share=${v}; cms_access=${v}`),
    );
    await run(
      fc.asyncProperty(hosts, paths, cookies, async (host, path, cookie) => {
        const safeHost = host.replace(/[^\x21-\x7e]/g, '') || 'fixture.test';
        check(
          await send(site.url, { path, host: safeHost, headers: cookie ? { cookie } : {} }),
          `${safeHost}${path}`,
          false,
        );
      }),
    );
  }, 60_000);

  it('no Location to another host: paths rich in slashes, backslashes, dots, encodings and locale prefixes', async () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2f',
      '%2F',
      '%5c',
      '%5C',
      '%2e',
      '@',
      ':',
      '%09',
      '%0a',
      '%0d%0a',
      '%00',
      'evil.example',
      'en',
      'de',
      'about',
      'home',
      'away',
      'sneaky',
      'go',
      '*',
      'q',
      '?',
      '#',
    );
    const paths = fc
      .tuple(
        fc.constantFrom('', '/en', '/de', '/en/', '/de/', '//', '/.', '/\\'),
        fc.array(piece, { maxLength: 8 }),
        fc.constantFrom('', '/', '//', '?x=1', '/?x=1'),
      )
      .map(([prefix, pieces, end]) => {
        const path = `${prefix}${pieces.join('')}${end}`;
        return path.startsWith('/') ? path : `/${path}`;
      });
    const targets = fc.constantFrom(
      { base: 'site', host: 'fixture.test' },
      { base: 'site', host: 'de.fixture.test' },
      { base: 'site', host: 'www.fixture.test' },
      { base: 'public' },
      { base: 'management' },
    );
    await run(
      fc.asyncProperty(targets, paths, async (target, path) => {
        const base = target.base === 'site' ? site.url : target.base === 'public' ? pub.url : management.url;
        const answer = await send(base, { path, ...(target.host ? { host: target.host } : {}) });
        check(answer, `${target.host ?? target.base} ${path}`, target.base !== 'site');
      }),
    );
  }, 60_000);

  it('site forms and password: odd bodies', async () => {
    const bodies = fc.oneof(
      encoded,
      fc
        .array(fc.tuple(encoded, encoded), { maxLength: 5 })
        .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    );
    const targets = fc.constantFrom('/_cms/password', '/_cms/forms/x', '/_cms/forms/contact', '/');
    await run(
      fc.asyncProperty(targets, bodies, async (path, body) => {
        const answer = await send(site.url, {
          method: 'POST',
          path,
          host: 'fixture.test',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://fixture.test' },
          body,
        });
        check(answer, `POST ${path} ${body.slice(0, 80)}`, false);
      }),
    );
  }, 60_000);

  it('RPC: odd bodies to every kind of procedure, with and without a key', async () => {
    const names = fc.constantFrom(
      'content.publish',
      'redirects.create',
      'redirects.update',
      'designs.saveDraft',
      'designs.restore',
      'plugins.website.settings.set',
      'plugins.website.share.create',
      'nope',
      '%00',
    );
    const json = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .record(
          {
            space: fc.oneof(fc.constant('fixture'), nasty),
            id: nasty,
            locale: nasty,
            kind: nasty,
            key: nasty,
            draft: fc.jsonValue({ maxDepth: 3 }),
          },
          { requiredKeys: ['space'] },
        )
        .map((v) => JSON.stringify(v)),
      nasty,
    );
    await run(
      fc.asyncProperty(names, json, fc.boolean(), async (name, body, withKey) => {
        const answer = await send(management.url, {
          method: 'POST',
          path: `/rpc/${name}`,
          headers: {
            'content-type': 'application/json',
            ...(withKey ? { authorization: `Bearer ${key}` } : {}),
          },
          body,
        });
        check(answer, `rpc ${name} ${body.slice(0, 80)}`, true);
      }),
    );
  }, 60_000);
});
