import type { Child } from 'hono/jsx';
import { BUTTON_CLASS } from '../../../styles/class-names.ts';
import type { NodeProps } from '../render-node.tsx';
import { localized, say } from '../strings.ts';

/** `formSubmit`: the form's submit button ("Send" in the page's locale unless the design names it). */
export function FormSubmitNode({ node, env, attrs }: NodeProps<'formSubmit'>): Child {
  const text =
    localized(node.props?.text, env.ctx.locale, env.ctx.defaultLocale) || say('send', env.ctx.locale);
  return (
    <button {...attrs} class={`${attrs.class} ${BUTTON_CLASS}`} type="submit">
      {text}
    </button>
  );
}
