import type { NodeProps } from '../render-node.tsx';
import { Container } from './container.tsx';

/** `box`: a container (designs.md, structure); its layout comes from its style. */
export const BoxNode = (p: NodeProps<'box'>) => Container(p);
