import { Agent, request as httpRequest } from 'node:http';
import type { TaggedCache } from '../core/cache/tagged-cache.ts';
import type { ServerMode } from '../core/config/index.ts';
import { listen } from '../core/http/listen.ts';
import { createMetrics } from '../core/metrics/metrics.ts';
import { buildApp } from './app.ts';
import type { Services } from './services.ts';

/** How long a warm-up may take before the process is ready anyway (with a log line saying so). */
export const WARM_UP_LIMIT_MS = 2000;
/** Rounds of the role's hot paths, each with new addresses; fewer when the time runs out first. */
const ROUNDS = 60;

export interface WarmUpReport {
  ms: number;
  rounds: number;
  requests: number;
  /** The pages a website process rendered (`host/path`): each host's home and a few those homes link to. */
  pages?: string[];
  /** Statuses other than 200 seen, by path kind (e.g. no space resolved: the paths ran all the same). */
  unexpected: Record<string, number>;
  timedOut: boolean;
}

/**
 * Answers of the warm-up are computed and not kept: the entries of the answer caches (REST, GraphQL, pages) are
 * left to visitors, so that a warm-up never decides what they are served. What those answers are built from
 * (domains, the space, designs, the registry) is read and cached as any request would: the same, right entries.
 */
function answersNotKept(cache: TaggedCache): TaggedCache {
  const answer = (key: string) => /^(rest|graphql|site:page):/.test(key);
  return {
    getOrSet: (key, compute, opts) =>
      answer(key) ? compute({ addTags() {} }) : cache.getOrSet(key, compute, opts),
    purgeTags: (tags) => cache.purgeTags(tags),
    close: async () => {},
  };
}

/**
 * A process's own hot paths run a few dozen times against the real database before `/readyz` answers 200 (issue
 * 42): per role, website: page renders; public: REST lists and GraphQL queries; every role: a purge round trip
 * (to every process, through Redis when shared) of a tag nothing carries. They go through an app of their own over
 * the same services (cli/app.ts), without rate rules and with metrics nobody reads, so they count against no
 * client and show as no visitor traffic; the app's code, the reader, the renderer and the driver are the
 * process's own, warmed as visitors will run them.
 */
export async function warmUp(mode: ServerMode, services: Services): Promise<WarmUpReport> {
  const started = performance.now();
  const app = buildApp(
    mode,
    {
      ...services,
      cache: answersNotKept(services.cache),
      metrics: createMetrics(),
      // What its surfaces say once at start (e.g. no space resolved) the process's own app has said already.
      log: services.log.child({ warmUp: true }, { level: 'error' }),
    },
    { rateLimits: false },
  );
  const report: WarmUpReport = { ms: 0, rounds: 0, requests: 0, unexpected: {}, timedOut: false };
  const deadline = started + WARM_UP_LIMIT_MS;
  // Over loopback HTTP to a server of its own, as visitors' requests come: Node's parser and sockets, the request
  // listener, the fast answers' front and the answer's writes are warmed too, not only the app (in-process
  // requests left the first real ones 1.7-1.9x the warm ones).
  const server = await listen(app, { port: 0, hostname: '127.0.0.1' });
  const client = loopbackClient(server.port);
  const run = async (kind: string, path: string, init: RequestInit = {}) => {
    const res = await client.request(path, init);
    report.requests++;
    if (res.status !== 200) report.unexpected[kind] = (report.unexpected[kind] ?? 0) + 1;
    return res.body;
  };
  const pages = mode === 'website' ? await sitePages(await siteHosts(services), run) : [];
  if (mode === 'website') report.pages = pages.map((p) => `${p.host}${p.path}`);
  const purge = () => services.cache.purgeTags([`warm-up:${process.pid}`]);
  const rounds = async () => {
    await purge();
    for (let i = 0; i < ROUNDS && !report.timedOut; i++) {
      await round(mode, pages, i, run);
      report.rounds++;
      if (performance.now() > deadline) report.timedOut = i < ROUNDS - 1;
    }
    await purge();
  };
  let timer: NodeJS.Timeout | undefined;
  // A request or purge that hangs (the database or Redis slow to answer) does not hold readiness past the limit.
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      report.timedOut = true;
      resolve();
    }, deadline - performance.now());
  });
  try {
    await Promise.race([rounds(), limit]);
  } catch {
    report.unexpected.failed = (report.unexpected.failed ?? 0) + 1;
  } finally {
    clearTimeout(timer);
    client.close();
    await server.close();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

type Run = (kind: string, path: string, init?: RequestInit) => Promise<string>;

/** One kept-alive connection to the warm-up's own server. */
function loopbackClient(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    request: (path: string, init: RequestInit) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            agent,
            method: init.method ?? 'GET',
            headers: init.headers as Record<string, string> | undefined,
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(typeof init.body === 'string' ? init.body : undefined);
      }),
    close: () => agent.destroy(),
  };
}

async function round(mode: ServerMode, pages: SitePage[], i: number, run: Run): Promise<void> {
  if (mode === 'public') {
    await run('list', `/v1/content?limit=${1 + (i % 25)}&offset=${i % 3}`, {
      headers: { host: 'localhost' },
    });
    // Queries of more than one shape (arguments and fields vary as clients' do): each is parsed, validated and
    // planned anew, as a visitor's first query is.
    const fields = i % 2 ? 'id title permalink' : 'id typeName title permalink locale publishedAt';
    await run('graphql', '/graphql', {
      method: 'POST',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
      },
      body: JSON.stringify({
        query: `{ contents(limit: ${1 + (i % 25)}, offset: ${i % 4}) { total items { ${fields} } } }`,
      }),
    });
  } else if (mode === 'website' && pages.length) {
    for (let k = 0; k < 3; k++) {
      const page = pages[(3 * i + k) % pages.length]!;
      await run('page', page.path, { headers: { host: page.host } });
    }
  }
}

interface SitePage {
  host: string;
  path: string;
}

/** Links that are pages of the site: not its assets, media or the process's own routes. */
const PAGE_LINK = /href="(\/(?!\/|_cms\/|_site\/|media\/|fonts\/)[^"?#]*)"/g;
/** Pages of other designs than the home's: a few addresses its links name, one per first segment and depth. */
const LINKED_PAGES = 8;

/**
 * The pages the warm-up renders: the home page of each host, and a few of the pages those homes link to (posts,
 * listings, pages of other designs), so that the renderer's paths a visitor's next click takes are warm too, not
 * only the home's.
 */
async function sitePages(hosts: string[], run: Run): Promise<SitePage[]> {
  const pages = hosts.map((host) => ({ host, path: '/' }));
  const shapes = new Set<string>();
  for (const host of hosts) {
    const home = await run('page', '/', { headers: { host } });
    for (const [, path] of home.matchAll(PAGE_LINK)) {
      if (shapes.size === LINKED_PAGES) break;
      const parts = path!.split('/');
      const shape = `${parts[1]}/${parts.length}`;
      if (path === '/' || shapes.has(shape)) continue;
      shapes.add(shape);
      pages.push({ host, path: path! });
    }
  }
  return pages;
}

/** A few hosts of the site processes' domains (primary first), whose home pages the warm-up renders. */
async function siteHosts(services: Services): Promise<string[]> {
  try {
    const res = await services.db.query<{ host: string }>(
      'select host from website_domains order by "primary" desc, host limit 3',
    );
    return res.rows.map((r) => r.host);
  } catch {
    return [];
  }
}
