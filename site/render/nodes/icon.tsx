import type { Child } from 'hono/jsx';
import { Icon } from '../icons.tsx';
import type { NodeProps } from '../render-node.tsx';
import { localized } from '../strings.ts';

/** `icon`: an inline SVG; its `label` is its accessible name, else it is decorative. */
export function IconNode({ node, env, attrs }: NodeProps<'icon'>): Child {
  const label = localized(node.props.label, env.ctx.locale, env.ctx.defaultLocale);
  return Icon({ name: node.props.name, label, attrs });
}
