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
}
