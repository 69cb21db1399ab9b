import type { Child } from 'hono/jsx';
import type { NodeProps } from '../render-node.tsx';

/** `divider`: a thematic break. */
export const DividerNode = ({ attrs }: NodeProps<'divider'>): Child => <hr {...attrs} />;
