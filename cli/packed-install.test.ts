import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../core/testing/processes.ts';
import {
  missingFromCache,
  type Ran,
  run,
  type Started,
  siteInstallFiles,
  startCommand,
} from './testing/packed-install.ts';

/**
 * Verso as a dependency (issue 38, docs/components.md): `npm pack` of this checkout, installed into an
 * empty folder from npm's cache alone, `npx verso init` there, `npm start`, and the demo's coffee page
 * with the starter's brew-ratio component and its island script, from the installed package.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const must = (what: string, r: Ran) => {
  if (r.code !== 0) throw new Error(`${what} failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

describe('Verso packed, installed offline and started as a site project', () => {
  let dir: string;
  let files: string[];
  let started: Started | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verso-packed-'));
    const packed = JSON.parse(
      must('npm pack', await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot })),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    files = packed[0]!.files.map((f) => f.path);
    const tarball = join(dir, packed[0]!.filename);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    const site = join(dir, 'site');
    mkdirSync(site);
    const { manifest, lockfile } = siteInstallFiles(repoRoot, `../${packed[0]!.filename}`, integrity);
    writeFileSync(join(site, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(site, 'package-lock.json'), `${JSON.stringify(lockfile, null, 2)}\n`);
    const cache = must('npm config', await run('npm', ['config', 'get', 'cache'], { cwd: site })).trim();
    const missing = missingFromCache(lockfile, cache);
    // `npm ci` of this checkout fills the cache with every one of them; a cache cleaned since says which.
    expect(missing, `not in npm's cache ${cache} (run npm ci)`).toEqual([]);
    must('npm ci --offline', await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: site }));
    must('npx verso init', await run('npx', ['--offline', 'verso', 'init'], { cwd: site }));
  }, 240_000);

  afterAll(async () => {
    await started?.stop();
    // Its 230 installed packages, removed here without blocking: the run's own removal of its temporary
    // folder is synchronous and held Vitest for half a minute on a loaded machine.
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('packs what verso runs and no tests, benches or local data', async () => {
    const packedSet = new Set(files);
    for (const f of ['bin/verso.mjs', 'tsconfig.json', 'demo/space.json', 'demo/verso.config.ts'])
      expect(packedSet.has(f), f).toBe(true);
    expect(files.filter((f) => /\.test\.tsx?$|__snapshots__|(^|\/)testing\//.test(f))).toEqual([]);
    expect(files.filter((f) => /^(bench|e2e|\.ci|\.verso|node_modules)\//.test(f))).toEqual([]);
    // Every module the commands, the canvas, the studio and the islands import is in the tarball.
    const graph = await build({
      entryPoints: [
        'cli/main.ts',
        'site/canvas/app.tsx',
        'studio/app/main.tsx',
        'islands/menu.ts',
        'islands/form.ts',
      ],
      absWorkingDir: repoRoot,
      bundle: true,
      write: false,
      metafile: true,
      outdir: join(dir, 'graph'),
      platform: 'node',
      format: 'esm',
      packages: 'external',
      jsx: 'automatic',
      jsxImportSource: 'hono/jsx',
      loader: { '.css': 'text' },
      logLevel: 'silent',
    });
    const modules = Object.keys(graph.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
    expect(modules.length).toBeGreaterThan(300);
    expect(modules.filter((f) => !packedSet.has(f))).toEqual([]);
  });

  it('`npm start` in the starter serves the coffee page with the component and its island', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    const site = join(dir, 'site');
    const env: NodeJS.ProcessEnv = { ...process.env, DEV_PORTS: ports.join(','), LOG_LEVEL: 'warn' };
    // The starter's own embedded database in its folder, as a newcomer has it, not the suite's services.
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'VERSO_CONFIG', 'NODE_ENV'])
      delete env[name];
    started = await startCommand('npm', ['start'], {
      cwd: site,
      env,
      ready: /Verso is running/,
      timeoutMs: 150_000,
    });
    expect(started.output()).toContain(`designed site    http://localhost:${ports[2]}`);
    const origin = `http://localhost:${ports[2]}`;
    const page = await fetch(`${origin}/coffees/huila-finca-el-mirador`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<div class="[^"]*brew-ratio" data-island="brew-ratio"><h2>Brew ratio<\/h2>/);
    expect(html).toContain('<output for="brew-ratio-dose">288</output>');
    const script = /<script type="module" src="(\/_site\/islands\/brew-ratio\.[0-9a-f]+\.js)">/.exec(
      html,
    )?.[1];
    expect(script).toBeDefined();
    const island = await fetch(`${origin}${script}`);
    expect(island.status).toBe(200);
    expect(island.headers.get('content-type')).toMatch(/javascript/);
    expect(await island.text()).toContain('data-island="brew-ratio"');
    // The German page: the component's own words in German.
    const german = await (await fetch(`${origin}/de/kaffees/huila-finca-el-mirador`)).text();
    expect(german).toContain('>Kaffee (g)</label>');
  }, 180_000);
});
