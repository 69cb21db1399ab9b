import type { Child } from 'hono/jsx';
import type { NodeProps } from '../render-node.tsx';

/** `spacer`: empty room of `props.size` (the stylesheet sets its height); hidden from readers. */
export const SpacerNode = ({ attrs }: NodeProps<'spacer'>): Child => <div {...attrs} aria-hidden="true" />;
