import type { Child } from 'hono/jsx';
import { FORM_MESSAGE_ATTR } from '../../../islands/contract.ts';
import type { Env } from '../context.ts';
import type { NodeProps } from '../render-node.tsx';
import { localized, say } from '../strings.ts';

/** The form result of this form on the page (after a post without script), or null. */
function resultOf(env: Env): { ok: boolean; text: string } | null {
  const { ctx, scope } = env;
  const result =
    ctx.formResult && scope.form && ctx.formResult.formNodeId === scope.form.id ? ctx.formResult : null;
  if (!result || !scope.form) return null;
  const given = result.ok ? scope.form.success : scope.form.error;
  const text =
    localized(given, ctx.locale, ctx.defaultLocale) || say(result.ok ? 'formOk' : 'formError', ctx.locale);
  return { ok: result.ok, text };
}

/**
 * `formMessage`: a live region for the form's result. Empty on a normal page; after a post
 * without script, the result page (never cached) shows the form's success message as a status, or
 * its error message as an alert, so a screen reader announces it as the page loads.
 */
export function FormMessageNode({ env, attrs }: NodeProps<'formMessage'>): Child {
  const result = resultOf(env);
  return (
    <div
      {...attrs}
      role={result && !result.ok ? 'alert' : 'status'}
      aria-live={result && !result.ok ? 'assertive' : 'polite'}
      {...{ [FORM_MESSAGE_ATTR]: '' }}
    >
      {result?.text ?? ''}
    </div>
  );
}

/** The result region of a form whose design has no `formMessage` node: only on a result page. */
export function FormResultMessage({ env }: { env: Env }): Child {
  const result = resultOf(env);
  if (!result) return null;
  return (
    <p role={result.ok ? 'status' : 'alert'} {...{ [FORM_MESSAGE_ATTR]: '' }}>
      {result.text}
    </p>
  );
}
