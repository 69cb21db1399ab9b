import type { Child } from 'hono/jsx';
import type { FieldDef } from '../context.ts';
import type { NodeProps } from '../render-node.tsx';
import { renderChildren } from '../render-node.tsx';

interface Item {
  itemId?: string;
  fields?: Record<string, unknown>;
}

/**
 * `repeat`: its children once per item of a repeater field (`item.sub` bindings read the item).
 * It adds no element of its own, so a grid or list around it lays the items out directly.
 */
export function RepeatNode({ node, env }: NodeProps<'repeat'>): Child {
  const { scope } = env;
  const field = node.props.field;
  // Inside a repeater item, a nested repeater is a field of the item.
  const fromItem = scope.item?.defs.find((d) => d.name === field);
  const def: FieldDef | undefined = fromItem ?? scope.defs.find((d) => d.name === field);
  if (def?.type !== 'repeater') {
    env.ctx.warn(scope.ref, node.id, `props.field: no repeater field "${field}"`);
    return null;
  }
  const value = fromItem ? scope.item?.fields[field] : scope.record[field];
  const items = (Array.isArray(value) ? (value as Item[]) : []).slice(0, node.props.limit ?? 100);
  return items.map((item) =>
    renderChildren(node, env, { ...scope, item: { fields: item.fields ?? {}, defs: def.fields ?? [] } }),
  );
}
