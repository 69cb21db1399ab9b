import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { get, getAs, rpc } from '../cli/testing/http.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { freePort, type Running, runVerso, startVerso } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type RunningVarnish, startVarnish } from '../core/testing/varnish.ts';

/**
 * deploy/compose.yaml run as plain processes: each Verso service's command and environment as the file says,
 * with the other services' addresses (postgres, redis, varnish, website) replaced by this machine's and
 * `/var/lib/verso` by a temporary folder; Varnish with the VCL the compose file makes from the shipped one.
 */
const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');
const root = fileURLToPath(new URL('..', import.meta.url));
const healthcheck = join(root, 'bin/healthcheck.mjs');

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}

/** `${NAME:?message}` and `${NAME:-default}` as compose interpolates them. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, op?: string, rest?: string) => {
    if (env[name]) return env[name]!;
    if (op === '?') throw new Error(`compose needs ${name}: ${rest}`);
    return op === '-' ? (rest ?? '') : '';
  });
}

describe.skipIf(!databaseUrl || !redisUrl)('deploy/compose.yaml as plain processes', () => {
  const file = parse(readFileSync(join(root, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const secrets = {
    AUTH_SECRET: 'compose-secret-0123456789-0123456789-0123456789',
    POSTGRES_PASSWORD: 'unused',
  };
  const running: Running[] = [];
  const ports: Record<string, number> = {};
  let drop = async () => {};
  let edge: RunningVarnish;
  let envOf: (service: string) => Record<string, string>;

  beforeAll(async () => {
    const database = await freshPostgres(databaseUrl!);
    drop = database.drop;
    // Each service's own DATA_DIR, with the shared `media` volume at media/originals, as the file mounts it.
    const volume = mkdtempSync(join(tmpdir(), 'verso-compose-media-'));
    const dataDirs = new Map<string, string>();
    const dataDirOf = (service: string) => {
      if (!dataDirs.has(service)) {
        const dir = mkdtempSync(join(tmpdir(), `verso-compose-${service}-`));
        const mounts = (file.services[service] as { volumes?: string[] }).volumes ?? [];
        for (const mount of mounts) {
          const [name, target] = mount.split(':');
          expect([name, target]).toEqual(['media', '/var/lib/verso/media/originals']);
          mkdirSync(join(dir, 'media'), { recursive: true });
          symlinkSync(volume, join(dir, 'media/originals'));
        }
        dataDirs.set(service, dir);
      }
      return dataDirs.get(service)!;
    };
    const edgePort = await freePort();
    for (const role of ['management', 'public', 'website']) ports[role] = await freePort();
    const prefix = `verso-compose-${process.pid}`;
    envOf = (service) => {
      const env = Object.fromEntries(
        Object.entries(file.services[service]!.environment ?? {}).map(([k, v]) => [
          k,
          interpolate(String(v), secrets),
        ]),
      );
      expect(new URL(env.DATABASE_URL!).host).toBe('postgres:5432');
      expect(new URL(env.REDIS_URL!).host).toBe('redis:6379');
      expect(env.DATA_DIR).toBe('/var/lib/verso');
      return {
        ...env,
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        REDIS_KEY_PREFIX: prefix,
        EDGE_PURGE_URLS: env.EDGE_PURGE_URLS!.replace('http://varnish:80', `http://127.0.0.1:${edgePort}`),
        DATA_DIR: dataDirOf(service),
        ...(env.SERVER_MODE ? { PORT: String(ports[env.SERVER_MODE]), HOST: '127.0.0.1' } : {}),
      };
    };
    const migrate = await runVerso(file.services.migrate!.command!, envOf('migrate'));
    expect(migrate.code, migrate.stderr).toBe(0);
    // The compose file's import, with the demo space from this checkout instead of the image's /app.
    const imported = await runVerso(['import', join(root, 'demo/space.json')], envOf('management'));
    expect(imported.code, imported.stderr).toBe(0);

    const { command } = file.services.varnish as { command: string[] };
    const [prepare] = command[0]!.split(' && exec ');
    const dir = mkdtempSync(join(tmpdir(), 'verso-compose-vcl-'));
    const script = prepare!
      .replace('/etc/varnish/verso.vcl.in', join(root, 'deploy/varnish/verso.vcl'))
      .replace('/tmp/verso.vcl', join(dir, 'verso.vcl'));
    execFileSync('/bin/sh', ['-c', script]);
    const vcl = readFileSync(join(dir, 'verso.vcl'), 'utf8')
      .replace('.host = "website";', '.host = "127.0.0.1";')
      .replace('.port = "3200";', `.port = "${ports.website}";`);
    edge = await startVarnish(ports.website!, edgePort, vcl);

    // Started in the order compose does: every Verso service waits on migrate (done above); each is waited for
    // until it is ready (warmed up, cli/warm-up.ts), as compose's healthcheck and a load balancer's /readyz wait.
    const started = await Promise.all(
      ['management', 'public', 'website'].map((role) =>
        startVerso(file.services[role]!.command ?? ['serve'], envOf(role), /"msg":"ready in /, 120_000),
      ),
    );
    running.push(...started);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    await edge?.stop();
    await drop();
  });

  it('each role answers its healthcheck (the image HEALTHCHECK), /readyz and its own surface', async () => {
    for (const role of ['management', 'public', 'website']) {
      const env = envOf(role);
      const check = await runNode(healthcheck, { PORT: env.PORT!, SERVER_MODE: role });
      expect(check, role).toBe(0);
      expect((await get(`http://127.0.0.1:${ports[role]}/readyz`)).status, role).toBe(200);
    }
    expect((await get(`http://127.0.0.1:${ports.public}/v1/menus/main?locale=en`)).status).toBe(200);
    const about = await getAs('localhost', `http://127.0.0.1:${ports.website}/about`);
    expect(about.status).toBe(200);
    // An image the management process imported, served by the website process from the shared volume.
    const image = about.text.match(/src="(\/media\/[^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    expect(image).toBeDefined();
    expect((await getAs('localhost', `http://127.0.0.1:${ports.website}${image}`)).status).toBe(200);
  });

  it('pages come from Varnish; a design publish from the management process reaches it', async () => {
    const first = await getAs('localhost', `${edge.url}/about`);
    expect(first.status).toBe(200);
    const second = await getAs('localhost', `${edge.url}/about`);
    expect(second.headers.get('x-cache')).toBe('hit');
    const created = await runVerso(
      ['keys', 'create', '--space', 'demo', '--permissions', 'space:read,space:write', '--role', 'editor'],
      envOf('management'),
    );
    expect(created.code, created.stderr).toBe(0);
    const published = await rpc(
      `http://127.0.0.1:${ports.management}`,
      created.stdout.trim(),
      'designs.publishAll',
      {
        space: 'demo',
      },
    );
    expect(published.status).toBe(200);
    const after = await getAs('localhost', `${edge.url}/about`);
    expect([after.status, after.headers.get('x-cache')]).toEqual([200, 'miss']);
  });
});

function runNode(script: string, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: 'ignore' });
    child.on('close', resolve);
  });
}
