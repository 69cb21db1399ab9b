import type { Child } from 'hono/jsx';
import type { DesignNode } from '../../../core/designs/index.ts';
import { walkNodes } from '../../../core/designs/index.ts';
import { ISLAND_ATTR } from '../../../islands/contract.ts';
import { SR_ONLY_CLASS } from '../../../styles/class-names.ts';
import {
  ANCHOR_FIELD,
  FORM_STAMP_FIELD,
  HONEYPOT_FIELD,
  LOCALE_FIELD,
  PAGE_FIELD,
} from '../../forms/form-fields.ts';
import type { NodeProps } from '../render-node.tsx';
import { renderChildren } from '../render-node.tsx';
import { FormResultMessage } from './form-message.tsx';

/** Where a form posts: `/_cms/forms/<design kind>/<design key>/<form node id>`. */
export function formAction(ref: { kind: string; key: string }, nodeId: string): string {
  return `/_cms/forms/${ref.kind}/${encodeURIComponent(ref.key)}/${encodeURIComponent(nodeId)}`;
}

/** Whether the form has its own `formMessage` node (else the form shows a result itself). */
function hasMessageNode(node: DesignNode): boolean {
  let found = false;
  walkNodes(node, (n) => {
    found ||= n.el === 'formMessage';
  });
  return found;
}

/**
 * `form`: a plain HTML form that works without script (method post, labelled inputs, native
 * validation); the form island enhances it. Hidden fields carry the page and locale (submissions
 * record where they were sent from), the form's id (the page after a post scrolls back to it), the
 * signed render stamp (posts faster than a person are refused) and the honeypot: an input people
 * never see or reach (hidden from view and from assistive technology, out of the tab order) that
 * bots fill in.
 */
export function FormNode({ node, env, attrs }: NodeProps<'form'>): Child {
  const { ctx } = env;
  const prefix = `f${ctx.state.ids++}`;
  ctx.state.islands.add('form');
  const scope = {
    ...env.scope,
    form: { id: node.id, prefix, success: node.props.successMessage, error: node.props.errorMessage },
  };
  const ref = `${env.scope.ref.kind}/${env.scope.ref.key}/${node.id}`;
  const stamp = ctx.formStamp?.(ref);
  return (
    <form
      {...attrs}
      id={prefix}
      method="post"
      action={formAction(env.scope.ref, node.id)}
      {...{ [ISLAND_ATTR]: 'form' }}
    >
      <input type="hidden" name={LOCALE_FIELD} value={ctx.locale} />
      <input type="hidden" name={PAGE_FIELD} value={ctx.href.current} />
      <input type="hidden" name={ANCHOR_FIELD} value={prefix} />
      {stamp ? <input type="hidden" name={FORM_STAMP_FIELD} value={stamp} /> : null}
      <div class={SR_ONLY_CLASS} aria-hidden="true">
        <label for={`${prefix}-${HONEYPOT_FIELD}`}>Website</label>
        <input
          id={`${prefix}-${HONEYPOT_FIELD}`}
          type="text"
          name={HONEYPOT_FIELD}
          tabindex={-1}
          autocomplete="off"
        />
      </div>
      {hasMessageNode(node) ? null : <FormResultMessage env={{ ctx, scope: { ...env.scope, ...scope } }} />}
      {renderChildren(node, env, scope)}
    </form>
  );
}
