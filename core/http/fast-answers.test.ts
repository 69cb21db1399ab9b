import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dependOn,
  FastAnswers,
  type FastAnswersOptions,
  type ReplaySinks,
  replayable,
} from './fast-answers.ts';
import { requestId } from './request-id.ts';

/**
 * The fast answers' own rules over real HTTP with a small Hono app (cli/fast-answers.test.ts covers the real
 * apps): what is recorded, what is not, what a failed check does, and the bounds.
 */
let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

async function start(app: Hono, options: Partial<FastAnswersOptions> = {}, sinks?: ReplaySinks) {
  const fast = new FastAnswers({ varyOn: ['host'], ...options });
  server = createServer(fast.listener(getRequestListener(app.fetch), sinks));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET', sent?: string) =>
    new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
      const req = request(base + path, { method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end(sent);
    });
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    get(path, { 'content-type': 'application/json', ...headers }, 'POST', body);
  return { fast, get, post };
}

/**
 * What the server sends back on a raw connection that `write` writes to, until it closes or `until` holds of
 * what came (then the client closes).
 */
function raw(port: number, write: (socket: Socket) => void, until?: (text: string) => boolean) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (until?.(text)) socket.end();
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    write(socket);
  });
}

/** An app whose `POST /read` answers `answer(body)`, replayable, recording each body its slow path read. */
function readApp(answer: (body: string, c: Context) => string) {
  const seen: string[] = [];
  const app = new Hono().post('/read', async (c) => {
    const body = await c.req.text();
    seen.push(body);
    dependOn(c, () => true);
    replayable(c);
    return c.body(answer(body, c), 200, { ETag: `"${seen.length}"` });
  });
  return { app, seen };
}

describe('fast answers', () => {
  it('replays a marked answer while its checks hold, and forgets it once one fails', async () => {
    let version = 1;
    let computed = 0;
    const app = new Hono().get('/page', (c) => {
      computed++;
      const seen = version;
      dependOn(c, () => version === seen);
      replayable(c);
      return c.body(`v${seen}`, 200, { ETag: `"v${seen}"`, 'Content-Type': 'text/plain' });
    });
    const { fast, get } = await start(app);
    expect((await get('/page')).body).toBe('v1');
    expect((await get('/page')).body).toBe('v1');
    expect([computed, fast.hits]).toEqual([1, 1]);
    version = 2;
    expect((await get('/page')).body).toBe('v2');
    expect((await get('/page')).body).toBe('v2');
    expect([computed, fast.hits]).toEqual([2, 2]);
    // Another host is another key.
    expect((await get('/page', { host: 'other.example' })).body).toBe('v2');
    expect(computed).toBe(3);
  });

  it('counts each replay in the sink of its recipe (the URL and status it was recorded with), the slow path not', async () => {
    const app = new Hono().get('/page', (c) => {
      dependOn(c, () => true);
      replayable(c);
      if (c.req.header('if-none-match') === '"p"') return c.body(null, 304, { ETag: '"p"' });
      return c.body('p', 200, { ETag: '"p"' });
    });
    const counted: Array<[string | undefined, number, number]> = [];
    const { get } = await start(app, {}, (url, status) => (seconds) => counted.push([url, status, seconds]));
    await get('/page');
    expect(counted).toEqual([]);
    await get('/page');
    await get('/page', { 'if-none-match': '"p"' }); // a 304 recorded by the slow path
    await get('/page', { 'if-none-match': '"p"' });
    expect(counted.map(([url, status]) => [url, status])).toEqual([
      ['/page', 200],
      ['/page', 304],
    ]);
    for (const [, , seconds] of counted) expect(seconds).toBeGreaterThanOrEqual(0);
    for (const [, , seconds] of counted) expect(seconds).toBeLessThan(1);
  });

  it('records nothing unmarked, without an ETag, setting a cookie, streamed, or other than 200/304', async () => {
    const mark = (c: Context) => {
      dependOn(c, () => true);
      replayable(c);
    };
    const app = new Hono()
      .get('/unmarked', (c) => c.body('x', 200, { ETag: '"x"' }))
      .get('/no-etag', (c) => {
        mark(c);
        return c.body('x');
      })
      .get('/cookie', (c) => {
        mark(c);
        return c.body('x', 200, { ETag: '"x"', 'Set-Cookie': 'a=b' });
      })
      .get('/stream', (c) => {
        mark(c);
        return c.body(new Blob(['x']).stream(), 200, { ETag: '"x"' });
      })
      .get('/missing', (c) => {
        mark(c);
        return c.body('x', 404, { ETag: '"x"' });
      });
    const { fast, get } = await start(app);
    for (const path of ['/unmarked', '/no-etag', '/cookie', '/stream', '/missing'])
      for (let i = 0; i < 2; i++) await get(path);
    expect([fast.size, fast.hits]).toEqual([0, 0]);
  });

  it('is bounded by entries and by body bytes, oldest first', async () => {
    const app = new Hono().get('/:n', (c) => {
      dependOn(c, () => true);
      replayable(c);
      return c.body('x'.repeat(1000), 200, { ETag: `"${c.req.param('n')}"` });
    });
    const byCount = await start(app, { maxEntries: 3 });
    for (const n of ['1', '2', '3', '4']) await byCount.get(`/${n}`);
    expect(byCount.fast.size).toBe(3);
    await byCount.get('/1');
    expect(byCount.fast.hits).toBe(0);
    await new Promise<void>((done) => server!.close(() => done()));
    const byBytes = await start(app, { maxBytes: 2500 });
    for (const n of ['1', '2', '3', '4']) await byBytes.get(`/${n}`);
    expect(byBytes.fast.size).toBe(2);
    await byBytes.get('/4');
    expect(byBytes.fast.hits).toBe(1);
  });

  it('answers 304 only for the exact ETag it recorded a 304 for', async () => {
    const app = new Hono().get('/p', (c) => {
      dependOn(c, () => true);
      replayable(c);
      if (c.req.header('if-none-match')?.includes('"e"')) return c.body(null, 304, { ETag: '"e"' });
      return c.body('body', 200, { ETag: '"e"' });
    });
    const { fast, get } = await start(app);
    await get('/p');
    expect((await get('/p', { 'if-none-match': '"e"' })).status).toBe(304);
    expect((await get('/p', { 'if-none-match': '"e"' })).status).toBe(304);
    expect(fast.hits).toBe(1);
    expect((await get('/p', { 'if-none-match': '"a", "e"' })).status).toBe(304);
    expect((await get('/p', { 'if-none-match': '"a", "e"' })).status).toBe(304);
    expect(fast.hits).toBe(1);
    const ok = await get('/p');
    expect([ok.status, ok.body, fast.hits]).toEqual([200, 'body', 2]);
  });

  it('replays a POST to a read path by its body, type and Accept, and hands the slow path the body', async () => {
    const { app, seen } = readApp((body, c) => `answer to ${body} as ${c.req.header('accept')}`);
    app.post('/write', async (c) => {
      seen.push(await c.req.text());
      dependOn(c, () => true);
      replayable(c);
      return c.body('done', 200, { ETag: '"w"' });
    });
    const { fast, post } = await start(app, { postPaths: ['/read'], maxPostBytes: 100 });
    const a = await post('/read', '{"q":1}', { accept: 'application/json' });
    const again = await post('/read', '{"q":1}', { accept: 'application/json' });
    expect([a.body, again.body, fast.hits]).toEqual([
      'answer to {"q":1} as application/json',
      'answer to {"q":1} as application/json',
      1,
    ]);
    // Another body, another Accept, another type, a query string on the path: each is another key.
    expect((await post('/read', '{"q":2}', { accept: 'application/json' })).body).toBe(
      'answer to {"q":2} as application/json',
    );
    expect((await post('/read', '{"q":1}', { accept: 'text/plain' })).body).toBe(
      'answer to {"q":1} as text/plain',
    );
    await post('/read', '{"q":1}', { accept: 'application/json', 'content-type': 'text/plain' });
    await post('/read?x=1', '{"q":1}', { accept: 'application/json' });
    expect(fast.hits).toBe(1);
    // Too large for the fast path, or a path not named: the slow path gets the body and nothing is kept.
    const large = `"${'x'.repeat(200)}"`;
    for (let i = 0; i < 2; i++) await post('/read', large);
    for (let i = 0; i < 2; i++) await post('/write', '{"w":1}');
    expect(seen.slice(-4)).toEqual([large, large, '{"w":1}', '{"w":1}']);
    expect(fast.hits).toBe(1);
  });

  it('tells apart POST bodies of one length that differ only between their ends', async () => {
    const { app, seen } = readApp((body) => `answer to ${body}`);
    const { fast, post } = await start(app, { postPaths: ['/read'], maxPostBytes: 1000 });
    const body = (q: string) => `{"query":"${'a'.repeat(100)}${q}${'b'.repeat(100)}"}`;
    for (let round = 0; round < 3; round++) {
      for (const q of ['1', '2']) expect((await post('/read', body(q))).body).toBe(`answer to ${body(q)}`);
    }
    // Alternating, each takes the other's place: every answer comes from the slow path.
    expect([fast.hits, seen.length]).toEqual([0, 6]);
    for (let i = 0; i < 2; i++) expect((await post('/read', body('2'))).body).toBe(`answer to ${body('2')}`);
    expect(fast.hits).toBe(2);
  });

  it('keys POST bodies shorter than a word, and of lengths not a multiple of four, by every byte they end with', async () => {
    const { app, seen } = readApp((body) => `answer to ${body}`);
    const { fast, post } = await start(app, { postPaths: ['/read'], maxPostBytes: 1000 });
    const bodies = ['1', '2', '12', '13', `{"q":"${'a'.repeat(60)}x"}`, `{"q":"${'a'.repeat(60)}y"}`];
    for (const body of bodies) expect((await post('/read', body)).body).toBe(`answer to ${body}`);
    for (const body of bodies) expect((await post('/read', body)).body).toBe(`answer to ${body}`);
    expect([fast.hits, seen.length]).toEqual([bodies.length, bodies.length]);
  });

  it('reads a POST body that comes after its headers as it streams, for the key and for the slow path', async () => {
    const { app, seen } = readApp((body) => `answer to ${body}`);
    const { fast, post } = await start(app, { postPaths: ['/read'] });
    const port = (server!.address() as AddressInfo).port;
    // The headers, then the body in two parts, each a while later: the parser has no whole body at first.
    const split = (body: string) =>
      raw(
        port,
        (socket) => {
          socket.write(
            `POST /read HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
          );
          setTimeout(() => socket.write(body.slice(0, 3)), 30);
          setTimeout(() => socket.write(body.slice(3)), 60);
        },
        (answer) => answer.includes(`answer to ${body}`),
      );
    expect(await split('{"q":"split"}')).toContain('answer to {"q":"split"}');
    expect(await split('{"q":"split"}')).toContain('answer to {"q":"split"}');
    expect([seen, fast.hits]).toEqual([['{"q":"split"}'], 1]);
    // The same body in one packet is the same key.
    expect((await post('/read', '{"q":"split"}', { host: 'x' })).body).toBe('answer to {"q":"split"}');
    expect(fast.hits).toBe(2);
  });

  it('sends the replays of requests read together in their order, pipelined on one connection or not', async () => {
    let computed = 0;
    const app = new Hono().get('/:name', (c) => {
      computed++;
      dependOn(c, () => true);
      replayable(c);
      return c.body(`<${c.req.param('name')}>`, 200, { ETag: `"${c.req.param('name')}"` });
    });
    const { fast, get } = await start(app);
    for (const name of ['a', 'b']) await get(`/${name}`, { host: 'x' });
    const port = (server!.address() as AddressInfo).port;
    const names = ['a', 'b', 'a', 'b', 'b', 'a'];
    // One packet of six requests (the last closes): replays queued in one turn, answered in order.
    const answer = await raw(port, (socket) =>
      socket.write(
        names
          .map(
            (n, i) =>
              `GET /${n} HTTP/1.1\r\nHost: x\r\n${i === names.length - 1 ? 'Connection: close\r\n' : ''}\r\n`,
          )
          .join(''),
      ),
    );
    expect([...answer.matchAll(/<(\w)>/g)].map((m) => m[1])).toEqual(names);
    expect(answer.match(/HTTP\/1\.1 200/g)).toHaveLength(names.length);
    // Many connections at once, each its own answer.
    const many = await Promise.all(
      Array.from({ length: 40 }, (_, i) => get(`/${i % 2 ? 'a' : 'b'}`, { host: 'x' })),
    );
    expect(many.map((r) => r.body)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 ? '<a>' : '<b>')));
    expect([computed, fast.hits]).toEqual([2, names.length + 40]);
  });

  it("gives each replay its own request id: a new one, or the caller's own, never the one before", async () => {
    const app = new Hono().use(requestId()).get('/page', (c) => {
      dependOn(c, () => true);
      replayable(c);
      return c.body('page', 200, { ETag: '"1"' });
    });
    const { fast, get } = await start(app);
    const first = await get('/page');
    const own = await get('/page', { 'x-request-id': 'caller-chosen-id' });
    const next = await get('/page');
    const again = await get('/page');
    expect(fast.hits).toBe(3);
    const ids = [first, next, again].map((r) => r.headers['x-request-id']);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    expect(own.headers['x-request-id']).toBe('caller-chosen-id');
  });

  it('never replays to a request with a Range: the slow path answers it', async () => {
    let computed = 0;
    const app = new Hono().get('/file', (c) => {
      computed++;
      dependOn(c, () => true);
      replayable(c);
      return c.body('0123456789', 200, { ETag: '"f"' });
    });
    const { fast, get } = await start(app);
    await get('/file');
    await get('/file', { range: 'bytes=0-3' });
    expect([computed, fast.hits]).toEqual([2, 0]);
  });
});
