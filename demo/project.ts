import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileProject, type LoadedProject, useProject } from '../site/components/load-config.ts';

/**
 * The demo is a site project like the one `verso init` writes: its space places the project's brew-ratio
 * component (verso.config.ts) on the coffee pages, and a space with a component can be imported, saved
 * and rendered only once the component is registered. The CLI loads the demo's project by itself when
 * there is no other (cli/commands/project.ts); code that takes the demo in-process (tests, benches) reads
 * the space through `demoSpace()`, which registers the project first.
 */

export const demoDir = fileURLToPath(new URL('.', import.meta.url));
export const demoSpaceFile = fileURLToPath(new URL('./space.json', import.meta.url));
export const demoConfigFile = fileURLToPath(new URL('./verso.config.ts', import.meta.url));

let compiled: Promise<LoadedProject> | undefined;

/** Registers the demo's components and islands; compiled once per process, registered on every call. */
export async function loadDemoProject(): Promise<LoadedProject> {
  compiled ??= compileProject(demoConfigFile);
  return useProject(await compiled);
}

/** The demo space file's JSON with its project registered: what `parseSpaceFile` and `openSite` take. */
export async function demoSpace(): Promise<Record<string, unknown>> {
  await loadDemoProject();
  return JSON.parse(readFileSync(demoSpaceFile, 'utf8'));
}
