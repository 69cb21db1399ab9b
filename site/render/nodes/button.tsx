import type { Child } from 'hono/jsx';
import { BUTTON_CLASS } from '../../../styles/class-names.ts';
import type { NodeProps } from '../render-node.tsx';
import { Anchor } from './link.tsx';

/** `button`: a link that looks like a button (the theme's `button` element style). */
export const ButtonNode = (p: NodeProps<'button'>): Child => Anchor(p, { class: BUTTON_CLASS });
