import type { Child } from 'hono/jsx';
import { ISLAND_ATTR } from '../../../islands/contract.ts';
import type { NodeProps } from '../render-node.tsx';
import { renderChildren } from '../render-node.tsx';

/** Where a form posts: `/_cms/forms/<design kind>/<design key>/<form node id>`. */
export function formAction(ref: { kind: string; key: string }, nodeId: string): string {
  return `/_cms/forms/${ref.kind}/${encodeURIComponent(ref.key)}/${encodeURIComponent(nodeId)}`;
}

/**
 * `form`: a plain HTML form that works without script (method post, labelled inputs, native
 * validation); the form island enhances it. The page and locale travel as hidden fields, since
 * submissions record where they were sent from.
 */
export function FormNode({ node, env, attrs }: NodeProps<'form'>): Child {
  const { ctx } = env;
  const prefix = `f${ctx.state.ids++}`;
  ctx.state.islands.add('form');
  const scope = {
    ...env.scope,
    form: { id: node.id, prefix, success: node.props.successMessage, error: node.props.errorMessage },
  };
  return (
    <form {...attrs} method="post" action={formAction(env.scope.ref, node.id)} {...{ [ISLAND_ATTR]: 'form' }}>
      <input type="hidden" name="_locale" value={ctx.locale} />
      <input type="hidden" name="_page" value={ctx.href.current} />
      {renderChildren(node, env, scope)}
    </form>
  );
}
