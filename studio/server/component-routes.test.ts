import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../core/http/error-handler.ts';
import { type Listening, listen } from '../../core/http/listen.ts';
import { createLogger } from '../../core/log.ts';
import { sampleMessage } from '../../site/canvas/sample-message.ts';
import { loadProject } from '../../site/components/load-config.ts';
import { replaceComponents } from '../../site/components/register.ts';
import { nodeClass } from '../../styles/class-names.ts';
import { componentRoutes } from './component-routes.ts';

// The studio's component routes over real HTTP, with the demo project loaded: the catalog, its long poll
// that `verso dev` wakes, and component nodes drawn to HTML for the canvas. The session is a given (a
// cookie named `ok`); the auth scope's sessions are tested with it.

const demoConfig = fileURLToPath(new URL('../../demo/verso.config.ts', import.meta.url));
let server: Listening;
let base = '';

beforeAll(async () => {
  await loadProject(demoConfig);
  const app = new Hono();
  app.route(
    '/',
    componentRoutes({
      session: async (c) =>
        c.req.header('cookie') === 'ok' ? { spaces: null, permissions: null, expiresAt: null } : null,
      // Longer than a rebuild takes on a loaded machine (esbuild of the demo project), so a rebuild wakes the wait.
      waitMs: 2000,
      maxBytes: 1024 * 1024,
    }),
  );
  app.onError((err, c) => errorResponse(c, err, createLogger('silent')));
  server = await listen(app, { port: 0, hostname: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  replaceComponents([]);
});

const call = (path: string, init: RequestInit & { origin?: string; cookie?: string | null } = {}) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      origin: init.origin ?? base,
      ...(init.cookie === null ? {} : { cookie: init.cookie ?? 'ok' }),
    },
  });

interface Catalog {
  revision: number;
  watching: boolean;
  components: Array<{
    name: string;
    label: string;
    island: string | null;
    props: { properties: Record<string, { type?: string; default?: unknown }> };
    bindable: Record<string, string>;
  }>;
}

describe('GET /studio/components', () => {
  it('answers the catalog: label, JSON Schema props with defaults, bindable props', async () => {
    const res = await call('/studio/components');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Catalog;
    // `verso serve`: nothing watches the project, so the studio keeps no request open.
    expect(body.watching).toBe(false);
    const [ratio] = body.components;
    expect(ratio).toMatchObject({ name: 'brew-ratio', label: 'Brew ratio calculator', island: 'brew-ratio' });
    // No default: left empty, the component titles itself in the page's language.
    expect(ratio!.props.properties.title).toMatchObject({
      type: 'string',
      description: expect.stringContaining('Brew ratio'),
    });
    expect(ratio!.props.properties.title).not.toHaveProperty('default');
    expect(ratio!.props.properties.dose).toMatchObject({ type: 'number', default: 18 });
    expect(ratio!.bindable).toEqual({ title: 'string', dose: 'number', ratio: 'number' });
  });

  it('needs a session, from the management origin itself', async () => {
    const none = await call('/studio/components', { cookie: null });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { key: string } }).error.key).toBe('auth.sessionRequired');
    const elsewhere = await call('/studio/components', { origin: 'https://evil.example' });
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { error: { key: string } }).error.key).toBe('auth.crossOrigin');
    const draw = await call('/studio/components/draw', {
      method: 'POST',
      body: '{}',
      origin: 'https://evil.example',
    });
    expect(draw.status).toBe(403);
  });

  it('?after= waits until the components are replaced, then answers the new revision', async () => {
    const { revision } = (await (await call('/studio/components')).json()) as Catalog;
    // Nothing changes: the answer comes after the wait, with the same revision.
    const idle = Date.now();
    const same = (await (await call(`/studio/components?after=${revision}`)).json()) as Catalog;
    expect(same.revision).toBe(revision);
    expect(Date.now() - idle).toBeGreaterThanOrEqual(1950);
    // A rebuild (what `verso dev` does on save) answers the waiting request at once.
    const waiting = call(`/studio/components?after=${revision}`);
    const rebuilt = new Promise<number>((resolve) =>
      setTimeout(() => void loadProject(demoConfig).then(() => resolve(Date.now())), 50),
    );
    const woken = (await (await waiting).json()) as Catalog;
    const answered = Date.now();
    expect(woken.revision).toBe(revision + 1);
    // Woken by the rebuild, not by the end of its 2 s wait.
    expect(answered - (await rebuilt)).toBeLessThan(1500);
  });
});

describe('POST /studio/components/draw', () => {
  const withComponents = (nodes: unknown[]) => {
    const message = sampleMessage();
    const page = message.designs.find((d) => d.kind === 'page' && d.key === 'blog-post')!;
    const root = (page.published as { root: { children: unknown[] } }).root;
    root.children.push(...nodes);
    const { protocol: _p, version: _v, type: _t, id: _i, ...fields } = message;
    return JSON.stringify(fields);
  };

  it('draws each component node to HTML, bound props with the document, bad props as a warning', async () => {
    const res = await call('/studio/components/draw', {
      method: 'POST',
      body: withComponents([
        { id: 'calc', el: 'component', component: 'brew-ratio', props: { dose: 20 } },
        {
          id: 'bound',
          el: 'component',
          component: 'brew-ratio',
          props: {},
          bindings: { title: { field: '$title' } },
        },
        { id: 'bad', el: 'component', component: 'brew-ratio', props: { dose: 500 } },
      ]),
    });
    expect(res.status).toBe(200);
    const { components } = (await res.json()) as { components: Record<string, unknown[]> };
    const key = (id: string) => nodeClass({ kind: 'page', key: 'blog-post' }, id);
    const [calc] = components[key('calc')] as string[];
    expect(calc).toContain('<h2>Brew ratio</h2>');
    expect(calc).toContain('<output for="calc-dose">320</output>');
    expect((components[key('bound')] as string[])[0]).toContain('<h2>Roasting at altitude</h2>');
    expect(components[key('bad')]).toEqual([{ warning: expect.stringMatching(/^props\.dose: /) }]);
  });

  it('refuses a body past REQUEST_MAX_BYTES (here 1 MB) with 413 request.tooLarge', async () => {
    const res = await call('/studio/components/draw', {
      method: 'POST',
      body: JSON.stringify({ designs: [], filler: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { key: string } }).error.key).toBe('request.tooLarge');
  });

  it('refuses a body that is not a render message', async () => {
    const res = await call('/studio/components/draw', { method: 'POST', body: '{"designs":3}' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { key: string } }).error.key).toBe('validation.failed');
  });
});
