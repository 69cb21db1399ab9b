import { z } from 'zod';
import { componentIssues } from './component-check.ts';
import { type DesignNode, type NodeKind, nodeSchema } from './nodes.ts';

export type NodePath = (string | number)[];

/** Calls `visit` for every node, depth first, with its path from the root and its ancestors. */
export function walkNodes(
  root: DesignNode,
  visit: (node: DesignNode, path: NodePath, ancestors: readonly DesignNode[]) => void,
  path: NodePath = [],
  ancestors: readonly DesignNode[] = [],
): void {
  visit(root, path, ancestors);
  const children = 'children' in root ? root.children : undefined;
  children?.forEach((child, i) => {
    walkNodes(child, visit, [...path, 'children', i], [...ancestors, root]);
  });
}

/** Deeper trees are refused before parsing, so a hostile file cannot exhaust the stack. */
export const MAX_TREE_DEPTH = 32;

function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    max = Math.max(max, d);
    if (d > MAX_TREE_DEPTH) break;
    const children = (v as { children?: unknown } | null)?.children;
    if (Array.isArray(children)) for (const c of children) stack.push([c, d + 1]);
  }
  return max;
}

export interface TreeRules {
  /** `one`: a layout, exactly one `slot`; `none`: pages and blocks, where a slot means nothing. */
  slot: 'one' | 'none';
}

const FORM_PARTS: ReadonlySet<DesignNode['el']> = new Set<NodeKind>([
  'formField',
  'formSubmit',
  'formMessage',
]);

/** What a node needs to show anything, when it is neither bound nor given it in props. */
function missingSource(node: DesignNode): string | null {
  if ('bind' in node && node.bind) return null;
  switch (node.el) {
    case 'link':
    case 'button':
      return node.props?.href ? null : 'href';
    case 'image':
    case 'video':
      return node.props?.assetId ? null : 'assetId';
    case 'embed':
      return node.props ? null : 'provider';
    default:
      return null;
  }
}

function checkTree(root: DesignNode, rules: TreeRules, ctx: z.RefinementCtx): void {
  const issue = (path: NodePath, message: string) => ctx.addIssue({ code: 'custom', path, message });
  const ids = new Set<string>();
  const slots: NodePath[] = [];
  const formNames = new Map<DesignNode, Set<string>>();
  walkNodes(root, (node, path, ancestors) => {
    if (ids.has(node.id)) issue([...path, 'id'], `duplicate node id "${node.id}"`);
    ids.add(node.id);
    const form = ancestors.findLast((a) => a.el === 'form');
    const missing = missingSource(node);
    if (missing) issue([...path, 'props', missing], `a ${node.el} needs props.${missing} or a binding`);
    if (node.el === 'slot') slots.push(path);
    if (node.el === 'component') for (const [p, m] of componentIssues(node)) issue([...path, ...p], m);
    if (node.el === 'form' && form) issue([...path, 'el'], 'forms cannot nest');
    if (FORM_PARTS.has(node.el) && !form) issue([...path, 'el'], `a ${node.el} belongs inside a form`);
    if (node.el === 'block' && !ancestors.some((a) => a.el === 'blocks')) {
      issue([...path, 'el'], 'a block belongs inside a blocks node');
    }
    if (node.el === 'formField' && form) {
      const names = formNames.get(form) ?? new Set<string>();
      if (names.has(node.props.name))
        issue([...path, 'props', 'name'], `duplicate field name "${node.props.name}"`);
      formNames.set(form, names.add(node.props.name));
    }
  });
  walkNodes(root, (node, path) => {
    if (node.el !== 'form') return;
    let submit = false;
    walkNodes(node, (n) => {
      submit ||= n.el === 'formSubmit';
    });
    if (!submit) issue([...path, 'children'], 'a form needs a formSubmit');
  });
  if (rules.slot === 'none') for (const s of slots) issue([...s, 'el'], 'a slot belongs in a layout only');
  if (rules.slot === 'one' && slots.length === 0) issue([], 'a layout holds exactly one slot, found none');
  if (rules.slot === 'one') for (const s of slots.slice(1)) issue(s, 'a layout holds exactly one slot');
}

/** A design's root node with the whole-tree rules: unique ids, slots, forms, blocks, sources. */
export function treeSchema(rules: TreeRules) {
  return z
    .unknown()
    .refine((v) => depthOf(v) <= MAX_TREE_DEPTH, `nodes nest at most ${MAX_TREE_DEPTH} deep`)
    .pipe(nodeSchema)
    .superRefine((root, ctx) => checkTree(root, rules, ctx));
}
