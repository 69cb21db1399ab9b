import type { Child } from 'hono/jsx';
import type { NodeProps } from '../render-node.tsx';
import { nodeText } from './text.tsx';

/** `heading`: `h<level>` of static or bound text. */
export function HeadingNode({ node, env, attrs }: NodeProps<'heading'>): Child {
  const text = nodeText(node, env);
  if (text === null) return null;
  const Tag = `h${node.props.level}` as 'h1';
  return <Tag {...attrs}>{text}</Tag>;
}
