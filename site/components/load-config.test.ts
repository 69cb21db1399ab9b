import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { componentSchemas } from '../../core/designs/index.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { nodeRegistry } from '../render/registry.ts';
import { compileProject, findConfig, loadProject } from './load-config.ts';
import { replaceComponents } from './register.ts';

const demoConfig = fileURLToPath(new URL('../../demo/verso.config.ts', import.meta.url));

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'verso-project-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (err instanceof AppError) return err;
  throw new Error(`expected a refusal, got ${String(err)}`);
}

afterEach(() => replaceComponents([]));

describe('loading a site project', () => {
  it('compiles the demo config, registers its component and bundles its island', async () => {
    const loaded = await loadProject(demoConfig);
    expect(nodeRegistry.component('brew-ratio')?.label).toBe('Brew ratio calculator');
    expect(componentSchemas.get('brew-ratio')).toBeDefined();
    expect(loaded.islands.map((i) => i.name)).toEqual(['brew-ratio']);
    expect(loaded.islands[0]!.url).toMatch(/^\/_site\/islands\/brew-ratio\.[a-f0-9]+\.js$/);
    expect(loaded.inputs.some((f) => f.endsWith('demo/components/brew-ratio.tsx'))).toBe(true);
  });

  it('stops at a syntax error with the file and line', async () => {
    const dir = project({
      'verso.config.ts':
        "import { defineConfig } from 'verso/components';\nimport { x } from './components/x.tsx';\nexport default defineConfig({ components: [x] });\n",
      'components/x.tsx':
        "import { defineComponent } from 'verso/components';\nexport const x = defineComponent({\n  name: 'x',,\n});\n",
    });
    const err = await refusal(compileProject(join(dir, 'verso.config.ts')));
    expect(err.key).toBe('config.invalid');
    expect(err.message).toMatch(/components\/x\.tsx:3:\d+: /);
  });

  it('refuses a duplicate component and leaves the registry as it was', async () => {
    const dir = project({
      'verso.config.ts': `import { z } from 'zod';
import { defineComponent, defineConfig } from 'verso/components';
const a = defineComponent({ name: 'a', label: 'A', props: z.object({}), render: () => 'a' });
export default defineConfig({ components: [a, a] });
`,
    });
    await loadProject(demoConfig);
    const err = await refusal(loadProject(join(dir, 'verso.config.ts')));
    expect(err.message).toContain('component "a" is registered twice');
    expect(nodeRegistry.componentNames()).toEqual(['brew-ratio']);
  });

  it('finds verso.config.ts in the working directory, or VERSO_CONFIG', () => {
    const dir = project({ 'verso.config.ts': 'export default {}' });
    expect(findConfig(dir, {})).toBe(join(dir, 'verso.config.ts'));
    expect(findConfig(dir, { VERSO_CONFIG: 'other.ts' })).toBe(join(dir, 'other.ts'));
    expect(findConfig(tmpdir(), {})).toBeNull();
  });
});
