import type { Child } from 'hono/jsx';
import type { NodeKind } from '../../../core/designs/index.ts';
import { type NodeRegistry, nodeRegistry } from '../registry.ts';
import type { NodeProps } from '../render-node.tsx';
import { BlockNode } from './block.tsx';
import { BlocksNode } from './blocks.tsx';
import { BoxNode } from './box.tsx';
import { BreadcrumbsNode } from './breadcrumbs.tsx';
import { ButtonNode } from './button.tsx';
import { DividerNode } from './divider.tsx';
import { EmbedNode } from './embed.tsx';
import { FormNode } from './form.tsx';
import { FormFieldNode } from './form-field.tsx';
import { FormMessageNode } from './form-message.tsx';
import { FormSubmitNode } from './form-submit.tsx';
import { GridNode } from './grid.tsx';
import { HeadingNode } from './heading.tsx';
import { IconNode } from './icon.tsx';
import { ImageNode } from './image.tsx';
import { LinkNode } from './link.tsx';
import { LocaleSwitchNode } from './locale-switch.tsx';
import { LogoNode } from './logo.tsx';
import { MenuNode } from './menu.tsx';
import { RepeatNode } from './repeat.tsx';
import { RichtextNode } from './richtext.tsx';
import { SectionNode } from './section.tsx';
import { SlotNode } from './slot.tsx';
import { SpacerNode } from './spacer.tsx';
import { StackNode } from './stack.tsx';
import { TextNode } from './text.tsx';
import { VideoNode } from './video.tsx';

/** One component per node kind of designs.md; the type makes a new kind without one a compile error. */
const BUILTIN_NODES: { [K in NodeKind]: (p: NodeProps<K>) => Child } = {
  box: BoxNode,
  stack: StackNode,
  grid: GridNode,
  section: SectionNode,
  spacer: SpacerNode,
  divider: DividerNode,
  text: TextNode,
  heading: HeadingNode,
  richtext: RichtextNode,
  image: ImageNode,
  video: VideoNode,
  link: LinkNode,
  button: ButtonNode,
  embed: EmbedNode,
  icon: IconNode,
  repeat: RepeatNode,
  blocks: BlocksNode,
  block: BlockNode,
  form: FormNode,
  formField: FormFieldNode,
  formSubmit: FormSubmitNode,
  formMessage: FormMessageNode,
  slot: SlotNode,
  menu: MenuNode,
  logo: LogoNode,
  breadcrumbs: BreadcrumbsNode,
  localeSwitch: LocaleSwitchNode,
};

/** Puts every built-in kind in `registry`; the process registry gets them when this module loads. */
export function registerBuiltinNodes(registry: NodeRegistry): void {
  for (const kind of Object.keys(BUILTIN_NODES) as NodeKind[]) {
    registry.registerBuiltin(kind, BUILTIN_NODES[kind] as (p: NodeProps<typeof kind>) => Child);
  }
}

registerBuiltinNodes(nodeRegistry);
