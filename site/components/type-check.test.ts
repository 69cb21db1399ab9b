import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors/app-error.ts';
import { loadProject } from './load-config.ts';
import { replaceComponents } from './register.ts';
import { typeCheckProject } from './type-check.ts';

const demo = fileURLToPath(new URL('../../demo/', import.meta.url));
const modules = fileURLToPath(new URL('../../node_modules', import.meta.url));

/** A copy of the demo project with its own node_modules, as a project folder has. */
function demoCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'verso-typed-'));
  for (const part of ['verso.config.ts', 'components', 'islands'])
    cpSync(join(demo, part), join(dir, part), { recursive: true });
  symlinkSync(modules, join(dir, 'node_modules'));
  return dir;
}

afterEach(() => replaceComponents([]));

describe("type-checking a project's components at start", () => {
  it('passes the demo project, and does not check the same files twice', async () => {
    const dir = demoCopy();
    const project = await loadProject(join(dir, 'verso.config.ts'));
    expect(project.inputs.some((f) => f.endsWith('components/brew-ratio.tsx'))).toBe(true);
    expect(await typeCheckProject(project.configFile, project.inputs)).toBe('checked');
    expect(await typeCheckProject(project.configFile, project.inputs)).toBe('unchanged');
  }, 60_000);

  it('stops at a type error that esbuild compiles, naming the file, line and column', async () => {
    const dir = demoCopy();
    const file = join(dir, 'components', 'brew-ratio.tsx');
    // Compiles (esbuild strips types), but a number is not a string.
    writeFileSync(file, readFileSync(file, 'utf8').replace('const id = ', 'const id: number = '));
    const project = await loadProject(join(dir, 'verso.config.ts'));
    const err = await typeCheckProject(project.configFile, project.inputs).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('config.invalid');
    expect((err as AppError).message).toMatch(
      /components\/brew-ratio\.tsx:\d+:\d+: Type 'string' is not assignable to type 'number'/,
    );
  }, 60_000);
});
