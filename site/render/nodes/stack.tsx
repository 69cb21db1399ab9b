import type { NodeProps } from '../render-node.tsx';
import { Container } from './container.tsx';

/** `stack`: a container (designs.md, structure); its layout comes from its style. */
export const StackNode = (p: NodeProps<'stack'>) => Container(p);
