import { z } from 'zod';
import { type PropKind, propKind, propShape } from '../../core/designs/index.ts';
import { type NodeRegistry, nodeRegistry } from '../render/registry.ts';

/**
 * What the studio needs to offer the project's components: the node menu (name, label) and a props form
 * built from each schema's JSON Schema (zod 4 `z.toJSONSchema`, defaults included), with the props a
 * binding may fill. Plain JSON, so it can travel to the studio as is.
 */
export interface CatalogEntry {
  name: string;
  label: string;
  island: string | null;
  slots: boolean;
  /** JSON Schema (draft 2020-12) of the props, as zod writes it for input (defaults are optional). */
  props: Record<string, unknown>;
  /** The props an editor may bind, and to which kind of field. */
  bindable: Record<string, Exclude<PropKind, 'other'>>;
}

export function componentCatalog(registry: NodeRegistry = nodeRegistry): CatalogEntry[] {
  return registry.componentNames().map((name) => {
    const def = registry.component(name)!;
    const bindable: CatalogEntry['bindable'] = {};
    for (const [prop, schema] of Object.entries(propShape(def.props))) {
      const kind = propKind(schema);
      if (kind !== 'other') bindable[prop] = kind;
    }
    return {
      name,
      label: def.label,
      island: def.island ?? null,
      slots: (def.slots?.length ?? 0) > 0,
      props: z.toJSONSchema(def.props, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
      bindable,
    };
  });
}
