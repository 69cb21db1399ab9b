import type { Child } from 'hono/jsx';
import { FORM_MESSAGE_ATTR } from '../../../islands/contract.ts';
import type { NodeProps } from '../render-node.tsx';
import { localized, say } from '../strings.ts';

/**
 * `formMessage`: a live region for the form's result. Empty on a normal page; after a post
 * without script, the result page (never cached) shows the form's success or error message.
 */
export function FormMessageNode({ env, attrs }: NodeProps<'formMessage'>): Child {
  const { ctx, scope } = env;
  const result =
    ctx.formResult && scope.form && ctx.formResult.formNodeId === scope.form.id ? ctx.formResult : null;
  let text = '';
  if (result && scope.form) {
    const given = result.ok ? scope.form.success : scope.form.error;
    text =
      localized(given, ctx.locale, ctx.defaultLocale) || say(result.ok ? 'formOk' : 'formError', ctx.locale);
  }
  return (
    <div {...attrs} role="status" aria-live="polite" {...{ [FORM_MESSAGE_ATTR]: '' }}>
      {text}
    </div>
  );
}
