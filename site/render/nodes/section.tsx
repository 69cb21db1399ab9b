import type { NodeProps } from '../render-node.tsx';
import { Container } from './container.tsx';

/** `section`: a container (designs.md, structure); its layout comes from its style. */
export const SectionNode = (p: NodeProps<'section'>) => Container(p);
