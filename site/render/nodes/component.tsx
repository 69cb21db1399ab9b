import type { Child } from 'hono/jsx';
import { type Binding, isSafeHref, propKind, propShape } from '../../../core/designs/index.ts';
import type { ComponentContext } from '../../components/define.ts';
import { assetOf, relatedDocument, resolveBinding, textOf } from '../bindings.ts';
import type { Env } from '../context.ts';
import { Img } from '../image.tsx';
import type { NodeRegistry } from '../registry.ts';
import type { NodeProps } from '../render-node.tsx';
import { renderChildren } from '../render-node.tsx';
import { localized } from '../strings.ts';

/**
 * `component`: a project's code component. Its props (static, then bound ones) are checked against the
 * registered schema here too, because a component may have changed since the design was saved: a node
 * whose props no longer parse is left out with one warning, like any design error.
 */
export function ComponentNodeView(
  { node, env, attrs }: NodeProps<'component'>,
  registry: NodeRegistry,
): Child {
  const def = registry.component(node.component);
  const warn = (message: string) => {
    env.ctx.warn(env.scope.ref, node.id, message);
    sink?.(env, node.id, { warning: message });
  };
  if (!def) {
    warn(`unknown component "${node.component}"`);
    return null;
  }
  const values: Record<string, unknown> = { ...(node.props ?? {}) };
  const shape = propShape(def.props);
  for (const [name, binding] of Object.entries(node.bindings ?? {})) {
    const schema = shape[name];
    if (!schema) continue;
    const value = boundValue(env, binding, propKind(schema));
    if ('problem' in value) {
      warn(`bindings.${name}: ${value.problem}`);
      return null;
    }
    if (value.value === null) delete values[name];
    else values[name] = value.value;
  }
  const parsed = def.props.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    warn(`props.${issue.path.map(String).join('.')}: ${issue.message}`);
    return null;
  }
  let out: Child;
  try {
    out = (def.render as (p: unknown, c: ComponentContext) => Child)(parsed.data, contextOf(node, env));
  } catch (err) {
    warn(`could not render: ${(err as Error).message}`);
    return null;
  }
  if (def.island) env.ctx.state.islands.add(def.island);
  sink?.(env, node.id, { out });
  return (
    <div {...attrs} data-island={def.island}>
      {out}
    </div>
  );
}

/** Each component node a render drew, in render order: its output, or why it was left out. */
export type ComponentSink = (env: Env, nodeId: string, drawn: { out: Child } | { warning: string }) => void;

let sink: ComponentSink | null = null;

/**
 * Runs a render and hands every component node it draws to `to` (the studio draws them for the design
 * canvas, whose bundle has no room for the project's components: site/canvas/component-html.ts). A
 * render is synchronous, so the sink cannot see another request's nodes.
 */
export function captureComponents<T>(render: () => T, to: ComponentSink): T {
  const before = sink;
  sink = to;
  try {
    return render();
  } finally {
    sink = before;
  }
}

type Resolved = { value: unknown } | { problem: string };

/** A bound prop's value as its kind wants it; null when the field is empty. */
function boundValue(env: Env, binding: Binding, kind: ReturnType<typeof propKind>): Resolved {
  const bound = resolveBinding(env, binding);
  if (!bound.found) return { problem: bound.reason };
  switch (kind) {
    case 'string':
      return { value: textOf(env, bound, binding) };
    case 'number':
      return { value: typeof bound.value === 'number' ? bound.value : null };
    case 'image': {
      const asset = assetOf(env, bound.value);
      return { value: asset ?? null };
    }
    default:
      return { value: bound.value ?? null };
  }
}

function contextOf(node: NodeProps<'component'>['node'], env: Env): ComponentContext {
  const { ctx } = env;
  return {
    locale: ctx.locale,
    defaultLocale: ctx.defaultLocale,
    document: ctx.document,
    site: ctx.site,
    nodeId: node.id,
    children: renderChildren(node, env),
    t: (text) => (text === undefined ? '' : localized(text, ctx.locale, ctx.defaultLocale)),
    image(source, options = {}) {
      const asset = assetOf(env, source);
      if (!asset) return null;
      return Img({
        env,
        asset,
        alt: options.alt ?? asset.alt,
        variant: options.variant ?? 'card',
        sizes: options.sizes,
        loading: options.loading,
      });
    },
    link(target) {
      if (target === 'home') return ctx.href.home();
      if (typeof target === 'object') return ctx.href.document(target);
      if (target.startsWith('/') || /^[a-z]+:/i.test(target)) return isSafeHref(target) ? target : null;
      const doc = relatedDocument(env, target);
      return doc ? ctx.href.document(doc) : null;
    },
  };
}

/**
 * Puts the `component` kind in `registry`. Apart from the built-in kinds (nodes/index.ts) because the
 * design canvas's bundle, which has no project components yet, stays within its budget without it.
 */
export function registerComponentKind(registry: NodeRegistry): void {
  registry.registerBuiltin('component', (p) => ComponentNodeView(p, registry));
}
