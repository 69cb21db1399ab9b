import { componentSchemas } from '../../core/designs/index.ts';
import { type NodeRegistry, nodeRegistry, type RegisteredComponent } from '../render/registry.ts';
import type { ComponentDefinition } from './define.ts';

/**
 * Puts a project's components where the renderer and the design validator find them: the site's
 * registry (render, the studio's menu) and core's schema table (import, `designs.saveDraft`). All or
 * nothing: a refused component (duplicate name, bad schema) leaves the previous set in place.
 */
export function replaceComponents(
  defs: readonly ComponentDefinition[],
  registry: NodeRegistry = nodeRegistry,
): void {
  const before = registry.componentNames().map((n) => registry.component(n)!);
  registry.clearComponents();
  try {
    for (const def of defs) registry.registerComponent(def as unknown as RegisteredComponent);
  } catch (err) {
    registry.clearComponents();
    for (const def of before) registry.registerComponent(def);
    throw err;
  }
  if (registry !== nodeRegistry) return;
  for (const name of componentSchemas.names()) componentSchemas.delete(name);
  for (const def of defs)
    componentSchemas.set(def.name, { props: def.props, children: (def.slots?.length ?? 0) > 0 });
  revision++;
  for (const wake of waiting.splice(0)) wake();
}

let revision = 0;
const waiting: Array<() => void> = [];
let watched = false;

/**
 * Whether something replaces the components while the process runs (`verso dev` watching the project):
 * only then does the studio wait on `componentsChange`; under `verso serve` they never change.
 */
export function componentsWatched(): boolean {
  return watched;
}

export function setComponentsWatched(on: boolean): void {
  watched = on;
}

/** How many times the process's components were replaced: the studio reloads them when it changes. */
export function componentsRevision(): number {
  return revision;
}

/**
 * Resolves when the process's components are next replaced (a `verso dev` rebuild), or after `ms`: the
 * studio waits on it to redraw its canvas the moment a component file is saved.
 */
export function componentsChange(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      const i = waiting.indexOf(done);
      if (i >= 0) waiting.splice(i, 1);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiting.push(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
