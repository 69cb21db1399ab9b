import type { Child } from 'hono/jsx';
import { PROSE_CLASS } from '../../../styles/class-names.ts';
import { isEmpty } from '../bindings.ts';
import type { NodeProps } from '../render-node.tsx';
import { readBinding } from '../render-node.tsx';
import { RichText } from '../rich-text.tsx';

/** `richtext`: the bound rich-text field as safe HTML, in a `prose` container. */
export function RichtextNode({ node, env, attrs }: NodeProps<'richtext'>): Child {
  const bound = readBinding(node, env);
  if (!bound?.found || isEmpty(bound.value)) return null;
  const cls = `${attrs.class} ${PROSE_CLASS}`;
  return (
    <div {...attrs} class={cls}>
      {typeof bound.value === 'string' ? <p>{bound.value}</p> : RichText({ env, doc: bound.value })}
    </div>
  );
}
