import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Message, Plugin } from 'esbuild';
import { type CachedBuild, cachedEsbuild } from '../../build/build-cache.ts';
import { bundleScript, SCRIPT_BUDGETS, type ScriptBundle, setProjectIslands } from '../../build/islands.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { contentHash } from '../../styles/content-hash.ts';
import type { ComponentDefinition, VersoConfig } from './define.ts';
import { replaceComponents } from './register.ts';

/**
 * Loads a site project (docs/components.md): `verso.config.ts` in the working directory (or
 * `VERSO_CONFIG`) is compiled with esbuild, with its components, into one module and imported; its
 * components go into the registry and its islands (`islands/<name>.ts` next to the config) are bundled
 * as the built-in islands are. esbuild reports syntax errors with file and line; types are not checked
 * here (that takes seconds; the starter's `npm run check` runs tsc).
 */

export interface LoadedProject {
  configFile: string;
  /** Every file the config's bundle read: what `verso dev` watches. */
  inputs: string[];
  /** The compiled code's and its islands' content hash: what derives from the components is keyed by it. */
  digest: string;
  components: ComponentDefinition[];
  islands: ScriptBundle[];
}

const publicApi = fileURLToPath(new URL('./index.ts', import.meta.url));

/**
 * Where Verso's own zod and hono are: run from the CLI bundle (bin/cli-bundle.mjs), they are in it, and the
 * bundle has a module of each (`vendor-<specifier>.mjs` beside its `main.mjs`) that the project imports instead;
 * through tsx, and for a specifier the bundle has no module of, the package in node_modules.
 */
function versoCopy(specifier: string): string {
  const bundle = (globalThis as Record<symbol, unknown>)[Symbol.for('verso.cliBundleFile')];
  if (typeof bundle === 'string') {
    const file = join(dirname(bundle), `vendor-${specifier.replaceAll('/', '__')}.mjs`);
    if (existsSync(file)) return pathToFileURL(file).href;
  }
  return import.meta.resolve(specifier);
}

/**
 * `verso/components` is this Verso's own module; zod and hono stay Verso's copies (one zod registry,
 * which `prop.image()` marks, and one JSX runtime). Their imports are compiled to a placeholder that the loaded
 * code has the copy's address in (`withVersoCopies`): the compiled code, kept by the esbuild cache
 * (build/build-cache.ts), stays the same whichever bundle's copy it is loaded with.
 */
const versoModules: Plugin = {
  name: 'verso-modules',
  setup(b) {
    b.onResolve({ filter: /^verso\/components$/ }, () => ({ path: publicApi }));
    b.onResolve({ filter: /^(zod|hono)(\/.*)?$/ }, (args) => ({
      path: `verso-copy:${args.path}`,
      external: true,
    }));
  },
};

const withVersoCopies = (code: string) =>
  code.replace(/"verso-copy:((?:zod|hono)(?:\/[^"]*)?)"/g, (_, specifier: string) =>
    JSON.stringify(versoCopy(specifier)),
  );

/** The config file to load: `VERSO_CONFIG`, else `verso.config.ts` in `cwd`; null when there is none. */
export function findConfig(cwd: string, env: NodeJS.ProcessEnv): string | null {
  if (env.VERSO_CONFIG) return resolve(cwd, env.VERSO_CONFIG);
  const file = join(cwd, 'verso.config.ts');
  return existsSync(file) ? file : null;
}

function where(m: Message): string {
  const loc = m.location;
  return loc ? `${loc.file}:${loc.line}:${loc.column + 1}: ` : '';
}

function refuse(message: string): AppError {
  return new AppError('config.invalid', { message });
}

export async function compileProject(configFile: string): Promise<LoadedProject> {
  if (!existsSync(configFile)) throw refuse(`${configFile}: no such file`);
  const root = dirname(configFile);
  let result: CachedBuild;
  try {
    // Kept between starts (build/build-cache.ts): esbuild's module only when something changed.
    result = await cachedEsbuild({
      entryPoints: [configFile],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      jsxImportSource: 'hono/jsx',
      logLevel: 'silent',
      plugins: [versoModules],
    });
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors ?? [];
    const first = errors[0];
    throw refuse(first ? `${where(first)}${first.text}` : (err as Error).message);
  }
  const code = result.outputs[0]!;
  const dir = join(tmpdir(), 'verso-config');
  await mkdir(dir, { recursive: true });
  // A name of its own: processes starting together compile the same config to the same bytes, and one's
  // write (truncate, then fill) or delete met another's import (CI: "not defineConfig", "Cannot find module").
  const file = join(dir, `config.${contentHash(code)}.${process.pid}.${randomBytes(4).toString('hex')}.mjs`);
  await writeFile(file, withVersoCopies(code));
  let config: VersoConfig;
  try {
    config = ((await import(pathToFileURL(file).href)) as { default: VersoConfig }).default;
  } finally {
    await rm(file, { force: true });
  }
  if (!config || !Array.isArray(config.components))
    throw refuse(`${configFile}: the default export is not defineConfig({ components: [...] })`);
  const islands = await Promise.all(
    config.components
      .filter((c) => c.island)
      .map((c) => {
        const path = join(root, 'islands', `${c.island}.ts`);
        if (!existsSync(path))
          throw refuse(
            `${configFile}: component "${c.name}" names island "${c.island}", but ${relative(root, path)} is missing`,
          );
        return bundleScript({ name: c.island!, entry: { path }, budgetBytes: SCRIPT_BUDGETS.island }).catch(
          (err: { errors?: Message[]; message: string }) => {
            const first = err.errors?.[0];
            throw refuse(first ? `${where(first)}${first.text}` : err.message);
          },
        );
      }),
  );
  const inputs = result.inputs.filter((f) => f.startsWith(`${root}/`) && !f.includes('/node_modules/'));
  const digest = contentHash([code, ...islands.map((i) => i.code)].join('\u0000'));
  return { configFile, inputs, digest, components: config.components, islands };
}

/** Puts a compiled project's components and islands in place; a refusal changes nothing. */
export function useProject(project: LoadedProject): LoadedProject {
  try {
    replaceComponents(project.components);
  } catch (err) {
    throw refuse(`${project.configFile}: ${(err as Error).message}`);
  }
  setProjectIslands(project.islands);
  return project;
}

/** Compiles the project and puts its components and islands in place; a refusal changes nothing. */
export async function loadProject(configFile: string): Promise<LoadedProject> {
  return useProject(await compileProject(configFile));
}
