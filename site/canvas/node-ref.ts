import { type DesignRef, nodeClass } from '../../styles/class-names.ts';
import type { SiteDesigns } from '../render/context.ts';
import type { NodeRef } from './protocol.ts';

/**
 * Which design node an element shows. The renderer marks a node's outer element only with its class,
 * `nodeClass(ref, id)` = `v-<hash of the design>-<node id>` (styles/class-names.ts), so the canvas knows
 * the class prefix of every design it drew and reads the node id after it.
 */

export type DesignPrefixes = ReadonlyMap<string, DesignRef>;

/** The class prefix (`v-<hash>-`) of each layout, page and block variant of the designs. */
export function designPrefixes(designs: SiteDesigns): DesignPrefixes {
  const refs: DesignRef[] = [
    ...Object.keys(designs.layouts).map((key) => ({ kind: 'layout' as const, key })),
    ...Object.keys(designs.pages).map((key) => ({ kind: 'page' as const, key })),
    ...Object.entries(designs.blocks).flatMap(([key, block]) =>
      Object.keys(block.variants).map((variant) => ({ kind: 'block' as const, key, variant })),
    ),
  ];
  return new Map(refs.map((ref) => [nodeClass(ref, ''), ref]));
}

const NODE_CLASS = /^(v-[0-9a-z]+-)([A-Za-z0-9_-]{1,64})$/;

/** The node of one class name, or null (another class, or a design the canvas did not draw). */
export function nodeOfClass(prefixes: DesignPrefixes, className: string): NodeRef | null {
  const match = NODE_CLASS.exec(className);
  const ref = match ? prefixes.get(match[1]!) : undefined;
  if (!ref) return null;
  return {
    kind: ref.kind,
    key: ref.key,
    ...(ref.variant !== undefined ? { variant: ref.variant } : {}),
    id: match![2]!,
  };
}

/** The node an element belongs to: its own, else its nearest ancestor's. */
export function nodeOfElement(prefixes: DesignPrefixes, element: Element | null): NodeRef | null {
  for (let el = element; el; el = el.parentElement) {
    for (const name of el.classList) {
      const node = nodeOfClass(prefixes, name);
      if (node) return node;
    }
  }
  return null;
}

/** The class of a node, to find its elements again (`select`). */
export function classOfNode(node: NodeRef): string {
  return nodeClass(node, node.id);
}
