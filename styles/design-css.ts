import {
  type DesignNode,
  type DesignRecord,
  designTrees,
  type NodeKind,
  VIEWPORTS,
  walkNodes,
} from '../core/designs/index.ts';
import { FORM_FIELD_ERROR_ATTR } from '../islands/contract.ts';
import { type DesignRef, nodeClass } from './class-names.ts';
import type { DeclarationContext } from './declarations.ts';
import { media, rule, styleRules } from './rule-css.ts';
import { at, type StylePath } from './style-error.ts';
import { valueCss } from './token-css.ts';
import { VIEWPORT_MEDIA } from './viewports.ts';

/**
 * The node classes of the `design` layer: for every node of every design tree, one class
 * (`nodeClass(ref, node.id)`) with what its kind needs to lay out (a stack is a flex column, a divider
 * a rule), then its STYLE, then display:none at the viewports its visibility leaves out. The renderer
 * puts the class on the outermost element a node renders, and needs to do nothing else for breakpoints.
 */

/** Layout a node kind has before any style: the design's own properties come after and win. */
const KIND_BASE: Partial<Record<DesignNode['el'], string[]>> = {
  stack: ['display:flex', 'flex-direction:column'],
  grid: ['display:grid'],
  spacer: ['flex-shrink:0'],
  divider: ['border:0', 'border-block-start:1px solid var(--color-border)', 'inline-size:100%'],
  icon: [
    'display:inline-block',
    'inline-size:1em',
    'block-size:1em',
    'vertical-align:-0.125em',
    'flex-shrink:0',
  ],
  logo: ['display:inline-flex', 'align-items:center'],
  form: ['display:flex', 'flex-direction:column', 'gap:1rem', 'align-items:flex-start'],
  formField: ['display:flex', 'flex-direction:column', 'gap:.375rem', 'inline-size:100%'],
};

/** Rules for the inner elements of a few kinds (lists of breadcrumbs and locale links). */
function kindInner(node: DesignNode, selector: string): string {
  switch (node.el) {
    case 'breadcrumbs':
      return (
        rule(`${selector} :where(ol)`, [
          'display:flex',
          'flex-wrap:wrap',
          'gap:.5em',
          'list-style:none',
          'padding:0',
        ]) +
        rule(`${selector} :where(li+li)::before`, ['content:"/"', 'margin-inline-end:.5em', 'opacity:.6'])
      );
    case 'localeSwitch':
      return (
        rule(`${selector} :where(ul)`, [
          'display:flex',
          'flex-wrap:wrap',
          'gap:.75em',
          'list-style:none',
          'padding:0',
        ]) +
        // The links take the node's colour (as menu entries do), so a switch styled for a dark footer
        // keeps its contrast instead of showing the theme's link colour.
        // Each link a target of at least 24 × 24 CSS px (WCAG 2.5.8), so `EN DE` are not too small to tap.
        rule(`${selector} :where(a)`, [
          'color:inherit',
          'display:inline-flex',
          'align-items:center',
          'justify-content:center',
          'min-inline-size:24px',
          'min-block-size:24px',
        ])
      );
    case 'formField':
      return (
        rule(`${selector} :where(input:not([type="checkbox"]),textarea,select)`, ['inline-size:100%']) +
        // No error colour among the theme's roles keeps contrast everywhere: the text colour, in bold.
        rule(`${selector} :where([${FORM_FIELD_ERROR_ATTR}])`, [
          'flex-basis:100%',
          'font-size:.875em',
          'font-weight:600',
        ])
      );
    default:
      return '';
  }
}

function nodeRules(node: DesignNode, ref: DesignRef, ctx: DeclarationContext, where: StylePath): string {
  const selector = `.${nodeClass(ref, node.id)}`;
  const base = [...(KIND_BASE[node.el] ?? [])];
  if (node.el === 'spacer') {
    base.push(`block-size:${valueCss(node.props?.size ?? 'space:8', ctx.names, at(where, 'props', 'size'))}`);
  }
  if (node.el === 'image' && node.props?.fit) base.push(`object-fit:${node.props.fit}`);
  // A checkbox sits on one line with its label; its error message wraps below both.
  if (node.el === 'formField' && node.props.type === 'checkbox') {
    base.splice(0, base.length, 'display:flex', 'flex-wrap:wrap', 'align-items:center', 'gap:.375rem .5rem');
  }
  let css = rule(selector, base) + kindInner(node, selector);
  css += styleRules(selector, node.style, ctx, at(where, 'style'));
  const shown = node.visibility?.breakpoints;
  if (shown) {
    for (const viewport of VIEWPORTS) {
      if (!shown.includes(viewport)) css += media(VIEWPORT_MEDIA[viewport], rule(selector, ['display:none']));
    }
  }
  return css;
}

/** The design (and block variant) each tree of a record belongs to, in a stable order. */
function trees(record: DesignRecord): { ref: DesignRef; root: DesignNode; path: (string | number)[] }[] {
  if (record.kind !== 'layout' && record.kind !== 'page' && record.kind !== 'block') return [];
  return designTrees(record, 'published')
    .map((t) => {
      const variant = record.kind === 'block' ? String(t.path[1]) : undefined;
      const ref: DesignRef =
        variant === undefined
          ? { kind: record.kind, key: record.key }
          : { kind: 'block', key: record.key, variant };
      return { ref, root: t.root, path: t.path };
    })
    .sort((a, b) => ((a.ref.variant ?? '') < (b.ref.variant ?? '') ? -1 : 1));
}

export function designRecordCss(record: DesignRecord, ctx: DeclarationContext, where: StylePath): string {
  let css = '';
  for (const { ref, root, path } of trees(record)) {
    walkNodes(root, (node, p) => {
      css += nodeRules(node, ref, ctx, at(where, ...path, ...p));
    });
  }
  return css;
}
