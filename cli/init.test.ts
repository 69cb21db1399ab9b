import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSpaceFile } from '../core/space-format/validate.ts';
import { loadProject } from '../site/components/load-config.ts';
import { replaceComponents } from '../site/components/register.ts';
import { initProject } from './commands/init.ts';
import { loadPlugins } from './plugins.ts';

afterEach(() => replaceComponents([]));

describe('verso init', () => {
  it('writes a starter whose config compiles and whose space file places the component', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verso-init-'));
    const written = await initProject(dir);
    expect(written).toEqual(
      expect.arrayContaining([
        'verso.config.ts',
        'components/brew-ratio.tsx',
        'islands/brew-ratio.ts',
        'space.json',
        'README.md',
        'package.json',
      ]),
    );
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(pkg.scripts.start).toBe('verso dev');
    // Verso's Node 20 pins, which apply only from the project's own package.json.
    expect(pkg.overrides['@graphql-tools/executor']).toBe('2.0.1');
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('npm start');
    const space = JSON.parse(readFileSync(join(dir, 'space.json'), 'utf8'));
    const plugins = loadPlugins({ website: true });
    expect(() => parseSpaceFile(space, plugins)).toThrow(/unknown component "brew-ratio"/);
    const project = await loadProject(join(dir, 'verso.config.ts'));
    expect(project.islands.map((i) => i.name)).toEqual(['brew-ratio']);
    expect(() => parseSpaceFile(space, plugins)).not.toThrow();
    expect(await initProject(dir)).toEqual(['package.json']);
  });
});
