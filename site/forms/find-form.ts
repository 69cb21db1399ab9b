import {
  type DesignNode,
  type DesignRecord,
  designTrees,
  type LocalizedText,
  type NodeOfKind,
  walkNodes,
} from '../../core/designs/index.ts';

export type FormFieldProps = NodeOfKind<'formField'>['props'];

/** A form of the published designs, as the endpoint needs it. */
export interface FormDefinition {
  kind: string;
  key: string;
  nodeId: string;
  /** The form's `props.key`: the name its submissions are stored under. */
  formKey: string;
  fields: FormFieldProps[];
  successMessage?: LocalizedText;
  errorMessage?: LocalizedText;
}

/** The kinds whose trees can hold a form (a form URL names one of them). */
const FORM_KINDS = new Set(['layout', 'page', 'block']);

/** The reference a form's render stamp is signed over: `<kind>/<key>/<nodeId>`. */
export const formRef = (kind: string, key: string, nodeId: string): string => `${kind}/${key}/${nodeId}`;

/**
 * The form `nodeId` in the design `kind`/`key` of the given records (the published designs of the
 * site's revision), with every `formField` inside it; null when there is none. Block designs hold
 * a tree per variant: the first variant with that form node counts.
 */
export function findForm(
  records: readonly DesignRecord[],
  kind: string,
  key: string,
  nodeId: string,
): FormDefinition | null {
  if (!FORM_KINDS.has(kind)) return null;
  const record = records.find((r) => r.kind === kind && r.key === key);
  if (!record) return null;
  for (const { root } of designTrees(record, 'published')) {
    let form: NodeOfKind<'form'> | undefined;
    walkNodes(root, (node) => {
      if (!form && node.el === 'form' && node.id === nodeId) form = node;
    });
    if (!form) continue;
    const fields: FormFieldProps[] = [];
    walkNodes(form as DesignNode, (node) => {
      if (node.el === 'formField') fields.push(node.props);
    });
    const found = form;
    return {
      kind,
      key,
      nodeId,
      formKey: found.props.key,
      fields,
      ...(found.props.successMessage ? { successMessage: found.props.successMessage } : {}),
      ...(found.props.errorMessage ? { errorMessage: found.props.errorMessage } : {}),
    };
  }
  return null;
}
