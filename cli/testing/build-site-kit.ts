import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { runVerso } from '../../core/testing/processes.ts';
import { type FixtureStack, fixtureStack } from './fixture-stack.ts';
import { listFiles } from './static-crawl.ts';

/**
 * What the `verso build-site` tests share (cli/build-site.test.ts, cli/build-site-incremental.test.ts): a stack
 * on a fresh database with the fixture space (and the demo, `demo: true`), a folder to build into, the command,
 * and `sameAsFull`. Its hooks are those of the `describe` it is made in; read its fields inside tests.
 */
export interface BuildSiteKit {
  stack: FixtureStack;
  work: string;
  build(args: string[]): ReturnType<typeof runVerso>;
  /** Builds the fixture in full into `name` and finds there the files of `out`, and those `compared` byte for byte. */
  sameAsFull(out: string, name: string, compared: (file: string) => boolean): Promise<string>;
}

const demoFile = fileURLToPath(new URL('../../demo/space.json', import.meta.url));

export function buildSiteKit(
  databaseUrl: string | undefined,
  options: { demo?: boolean } = {},
): BuildSiteKit {
  const kit = {
    build: (args: string[]) => runVerso(['build-site', ...args], kit.stack.env),
    async sameAsFull(out: string, name: string, compared: (file: string) => boolean): Promise<string> {
      const fresh = join(kit.work, name);
      const args = [
        'fixture',
        '--out',
        fresh,
        '--host',
        'fixture.test',
        '--base-url',
        'https://fixture.test',
      ];
      expect((await kit.build(args)).code).toBe(0);
      const files = listFiles(out);
      expect(files).toEqual(listFiles(fresh));
      for (const f of files.filter(compared))
        expect(readFileSync(join(out, f)).equals(readFileSync(join(fresh, f))), f).toBe(true);
      return fresh;
    },
  } as BuildSiteKit;
  beforeAll(async () => {
    kit.stack = await fixtureStack(databaseUrl!);
    if (options.demo) {
      const imported = await runVerso(['import', demoFile], kit.stack.env);
      expect(imported.code, imported.stderr).toBe(0);
    }
    kit.work = await mkdtemp(join(tmpdir(), 'verso-build-site-'));
  }, 300_000);
  afterAll(async () => {
    await kit.stack?.stop();
  }, 60_000);
  return kit;
}
