import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { freePort, type Running, startVerso } from '../core/testing/processes.ts';
import { startVarnish } from '../core/testing/varnish.ts';
import { editorAccess } from './editor-access.ts';

/**
 * Through Varnish (`EDGE_CACHE=varnish`, the shipped VCL, a website and a management process sharing
 * PostgreSQL and Redis): the time from a publish (or unpublish) call to the edge answering the new state,
 * over `count` changes of the demo blog post, alternating unpublish and publish.
 */
export async function publishToLive(
  env: Record<string, string>,
  post: string,
  count: number,
  log: (line: string) => void,
): Promise<{ p50: number; p99: number; count: number; hitUrl: string; stop(): Promise<void> } | undefined> {
  if (!existsSync('/usr/sbin/varnishd') || !env.REDIS_URL) {
    log('edge: skipped (needs /usr/sbin/varnishd and REDIS_URL)');
    return undefined;
  }
  const varnishPort = await freePort();
  const edgeEnv = {
    ...env,
    REDIS_KEY_PREFIX: `bench-${randomUUID().slice(0, 8)}`,
    EDGE_CACHE: 'varnish',
    EDGE_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
    LOG_LEVEL: 'info',
  };
  const started: Running[] = [];
  const serve = async (mode: string) => {
    const port = await freePort();
    const running = await startVerso(
      ['serve'],
      { ...edgeEnv, SERVER_MODE: mode, PORT: String(port), HOST: '127.0.0.1' },
      /"msg":"listening"/,
    );
    started.push(running);
    try {
      execFileSync('taskset', ['-p', '-c', '0', String(running.child.pid)], { stdio: 'ignore' });
    } catch {
      // No taskset: the processes share the CPUs.
    }
    return port;
  };
  const sitePort = await serve('website');
  const managementPort = await serve('management');
  const varnish = await startVarnish(sitePort, varnishPort);
  // Varnish's manager and its worker (all threads) on CPU 0 with the servers, the load on CPU 1.
  try {
    execFileSync(
      'sh',
      [
        '-c',
        `taskset -a -p -c 0 ${varnish.pid}; for c in $(pgrep -P ${varnish.pid}); do taskset -a -p -c 0 $c; done`,
      ],
      {
        stdio: 'ignore',
      },
    );
  } catch {
    // No taskset.
  }
  const { key, id } = await editorAccess(edgeEnv, post);

  const status = () =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: varnishPort, path: post, headers: { host: 'localhost' }, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });
  const rpc = async (name: string) => {
    const res = await fetch(`http://127.0.0.1:${managementPort}/rpc/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ space: 'demo', id, locale: 'en' }),
    });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
  };
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const unpublish = i % 2 === 0;
    await status(); // the current state is in Varnish
    await status();
    const start = performance.now();
    await rpc(unpublish ? 'content.unpublish' : 'content.publish');
    const want = unpublish ? 404 : 200;
    while ((await status()) !== want) {
      if (performance.now() - start > 10_000) throw new Error(`the edge did not show ${want} within 10 s`);
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  return {
    p50: at(0.5),
    p99: at(0.99),
    count,
    hitUrl: varnish.url,
    async stop() {
      await varnish.stop();
      await Promise.all(started.map((r) => r.stop()));
    },
  };
}
