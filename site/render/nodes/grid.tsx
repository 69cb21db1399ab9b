import type { NodeProps } from '../render-node.tsx';
import { Container } from './container.tsx';

/** `grid`: a container (designs.md, structure); its layout comes from its style. */
export const GridNode = (p: NodeProps<'grid'>) => Container(p);
