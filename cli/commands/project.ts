import { watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { findConfig, type LoadedProject, loadProject } from '../../site/components/load-config.ts';
import { setComponentsWatched } from '../../site/components/register.ts';

/** The demo's own project (its brew-ratio component), which `verso dev` loads when the folder has none. */
export const demoConfig = fileURLToPath(new URL('../../demo/verso.config.ts', import.meta.url));

/**
 * Loads the site project before the servers start (docs/components.md): a compile error or a refused
 * component stops the start with the file and line.
 */
export async function startProject(fallback?: string): Promise<LoadedProject | null> {
  const file = findConfig(process.cwd(), process.env) ?? fallback ?? null;
  return file ? loadProject(file) : null;
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
  const rebuild = async () => {
    const started = Date.now();
    try {
      current = await loadProject(current.configFile);
      const spaces = await services.db.query<{ id: string }>('select id from spaces');
      await services.cache.purgeTags(spaces.rows.map((s) => cacheTags.design(s.id)));
      process.stdout.write(`Components rebuilt in ${Date.now() - started} ms\n`);
    } catch (err) {
      process.stdout.write(`Components not rebuilt: ${(err as Error).message}\n`);
    }
  };
  const root = dirname(project.configFile);
  const watcher = watch(root, { recursive: true }, (_event, name) => {
    if (!name || name.includes('node_modules') || name.startsWith('.')) return;
    const path = join(root, name);
    if (!current.inputs.includes(path) && !name.startsWith('islands') && !name.startsWith('components'))
      return;
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 50);
  });
  setComponentsWatched(true);
  return () => {
    clearTimeout(timer);
    watcher.close();
    setComponentsWatched(false);
  };
}
