import type { Child } from 'hono/jsx';
import type { DesignNode } from '../../core/designs/index.ts';
import { nodeClass } from '../../styles/class-names.ts';
import { type Bound, isEmpty, resolveBinding } from './bindings.ts';
import type { Env, NodeOf } from './context.ts';
import { nodeRegistry } from './registry.ts';

/**
 * The attributes every node's outer element carries: its class. Styles and `visibility.breakpoints`
 * are compiled onto that class (styles/design-css.ts), so no node needs inline CSS.
 */
export interface BaseAttrs {
  class: string;
}

export interface NodeProps<K extends DesignNode['el']> {
  node: NodeOf<K>;
  env: Env;
  attrs: BaseAttrs;
}

function baseAttrs(node: DesignNode, env: Env): BaseAttrs {
  const cls = nodeClass(env.scope.ref, node.id);
  return { class: env.scope.rootClass ? `${cls} ${env.scope.rootClass}` : cls };
}

/**
 * Renders one node with its kind's component. Components run eagerly here (not lazily inside
 * JSX), so a design error anywhere below is caught at its own node: that node is left out, one
 * warning is logged, and the rest of the page renders.
 */
export function renderNode(node: DesignNode, env: Env): Child {
  try {
    const when = node.visibility?.whenField;
    if (when) {
      const bound = resolveBinding(env, { field: when });
      if (!bound.found) {
        env.ctx.warn(env.scope.ref, node.id, `visibility.whenField: ${bound.reason}`);
        return null;
      }
      if (isEmpty(bound.value)) return null;
    }
    const component = nodeRegistry.builtin(node.el);
    return component({ node, env, attrs: baseAttrs(node, env) });
  } catch (err) {
    env.ctx.warn(env.scope.ref, node.id, `could not render: ${(err as Error).message}`);
    return null;
  }
}

/** The node's children in the same scope (the block's instance class stays on the root). */
export function renderChildren(node: DesignNode, env: Env, scope = env.scope): Child[] {
  const children = 'children' in node ? node.children : undefined;
  if (!children?.length) return [];
  const inner = scope.rootClass ? { ...scope, rootClass: undefined } : scope;
  const childEnv = { ctx: env.ctx, scope: inner };
  return children.map((c) => renderNode(c, childEnv));
}

/**
 * The node's binding, or undefined when it has none. A binding to a field that no longer
 * exists is a design error: warned once, and read as empty.
 */
export function readBinding(node: DesignNode, env: Env): Bound | undefined {
  if (!('bind' in node) || !node.bind) return undefined;
  const bound = resolveBinding(env, node.bind);
  if (!bound.found) env.ctx.warn(env.scope.ref, node.id, `bind: ${bound.reason}`);
  return bound;
}
