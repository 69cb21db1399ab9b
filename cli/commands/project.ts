import { existsSync, type FSWatcher, watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { demoConfigFile } from '../../demo/project.ts';
import { findConfig, type LoadedProject, loadProject } from '../../site/components/load-config.ts';
import { setComponentsWatched } from '../../site/components/register.ts';
import { typeCheckProject } from '../../site/components/type-check.ts';

/**
 * Loads the site project before anything starts (docs/components.md): `VERSO_CONFIG`, else
 * `verso.config.ts` in the working directory, else the demo's project, because a Verso without a site of
 * its own runs the demo (`npm start` imports the demo space, whose coffee pages carry its component);
 * `VERSO_CONFIG=none` loads none. A syntax or type error, or a refused component, stops the start with the
 * file and line.
 */
export async function startProject(): Promise<LoadedProject | null> {
  if (process.env.VERSO_CONFIG === 'none') return null;
  const own = findConfig(process.cwd(), process.env);
  const project = await loadProject(own ?? demoConfigFile);
  // A project's own files are type-checked too (the demo's are, by Verso's own tsc in its tests).
  if (own && (await typeCheckProject(project.configFile, project.inputs)) === 'no-typescript')
    process.stderr.write('Component types not checked: the typescript package is not installed.\n');
  return project;
}

/**
 * What `verso dev` watches: the config's folder and the folder of every file the config's bundle read (not
 * recursively), and `components/` and `islands/` with their subfolders. Never the whole project folder
 * recursively: on Linux that walks node_modules too (two thousand folders in a starter, over a second).
 */
function watchedFolders(project: LoadedProject): Array<{ dir: string; recursive: boolean }> {
  const root = dirname(project.configFile);
  const deep = ['components', 'islands'].map((d) => join(root, d)).filter((d) => existsSync(d));
  const flat = new Set([root, ...project.inputs.map((f) => dirname(f))]);
  for (const d of deep) for (const f of flat) if (f === d || f.startsWith(`${d}/`)) flat.delete(f);
  return [
    ...deep.map((dir) => ({ dir, recursive: true })),
    ...[...flat].map((dir) => ({ dir, recursive: false })),
  ];
}

/**
 * `verso dev`: compiles the project again when one of its files (or an island) is saved, then drops the
 * cached pages so the next render, and the studio's canvas, shows the change. A failed rebuild is
 * printed and the previous components keep serving.
 */
export function watchProject(
  project: LoadedProject,
  services: { db: Queryable; cache: { purgeTags(tags: string[]): Promise<unknown> } },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let current = project;
  let watchers: FSWatcher[] = [];
  const rebuild = async () => {
    const started = Date.now();
    try {
      current = await loadProject(current.configFile);
      const spaces = await services.db.query<{ id: string }>('select id from spaces');
      await services.cache.purgeTags(spaces.rows.map((s) => cacheTags.design(s.id)));
      process.stdout.write(`Components rebuilt in ${Date.now() - started} ms\n`);
      // The config may import files from folders it did not before.
      rewatch();
    } catch (err) {
      process.stdout.write(`Components not rebuilt: ${(err as Error).message}\n`);
    }
  };
  const root = dirname(project.configFile);
  const rewatch = () => {
    for (const w of watchers) w.close();
    watchers = watchedFolders(current).map(({ dir, recursive }) =>
      watch(dir, { recursive }, (_event, name) => {
        if (!name || name.startsWith('.')) return;
        const path = join(dir, name);
        const inProject =
          path.startsWith(join(root, 'islands/')) || path.startsWith(join(root, 'components/'));
        if (!current.inputs.includes(path) && !inProject) return;
        clearTimeout(timer);
        timer = setTimeout(() => void rebuild(), 50);
      }),
    );
  };
  rewatch();
  setComponentsWatched(true);
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
    setComponentsWatched(false);
  };
}
