import { componentSchemas, componentsChecked, type PropKind, propKind, propShape } from './components.ts';
import type { NodePath } from './node-tree.ts';
import type { ComponentNode } from './nodes.ts';

const BINDABLE: ReadonlySet<PropKind> = new Set(['string', 'number', 'image', 'richtext']);

/**
 * A component node against its registered schema: the component exists, its props parse (bound props
 * are checked at render, where their value is known), only string, number, image and rich-text props are
 * bound, and only a component with slots holds children. Nothing is checked in a lenient parse.
 */
export function componentIssues(node: ComponentNode): [NodePath, string][] {
  if (!componentsChecked()) return [];
  const registered = componentSchemas.get(node.component);
  if (!registered) return [[['component'], `unknown component "${node.component}"`]];
  const issues: [NodePath, string][] = [];
  const shape = propShape(registered.props);
  const bound = node.bindings ?? {};
  for (const prop of Object.keys(bound)) {
    const schema = shape[prop];
    if (!schema) issues.push([['bindings', prop], `component "${node.component}" has no prop "${prop}"`]);
    else if (!BINDABLE.has(propKind(schema)))
      issues.push([['bindings', prop], 'only string, number, image and rich-text props can be bound']);
  }
  const given = { ...(node.props ?? {}) };
  const parsed = registered.props.safeParse(given);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A bound prop gets its value at render: a missing value here is not a problem.
      if (
        issue.path.length === 1 &&
        String(issue.path[0]) in bound &&
        given[String(issue.path[0])] === undefined
      )
        continue;
      issues.push([
        ['props', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
        issue.message,
      ]);
    }
  }
  if (node.children?.length && !registered.children)
    issues.push([['children'], `component "${node.component}" has no slot for child nodes`]);
  return issues;
}
