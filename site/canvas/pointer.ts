import { classOfNode, type DesignPrefixes, nodeOfElement } from './node-ref.ts';
import type { NodeRef } from './protocol.ts';

/** The attributes the canvas stylesheet outlines (build/canvas.ts). */
export const HOVER_ATTR = 'data-canvas-hover';
export const SELECTED_ATTR = 'data-canvas-selected';

/** Marks the elements of a node with `attr`, and nothing else; null clears the mark. */
export function mark(root: HTMLElement, attr: string, node: NodeRef | null): void {
  for (const el of root.ownerDocument.querySelectorAll(`[${attr}]`)) el.removeAttribute(attr);
  if (node) for (const el of root.getElementsByClassName(classOfNode(node))) el.setAttribute(attr, '');
}

/**
 * Reports the node under the pointer when it changes (null: none) and the node an editor clicks. A
 * click never follows a link, presses a button or submits a form: the canvas is a picture of a page.
 */
export function watchPointer(
  root: HTMLElement,
  prefixes: () => DesignPrefixes,
  report: (action: 'hover' | 'click', node: NodeRef | null) => void,
): void {
  const doc = root.ownerDocument;
  let hovered = '';
  const hover = (node: NodeRef | null) => {
    const key = node ? classOfNode(node) : '';
    if (key === hovered) return;
    hovered = key;
    mark(root, HOVER_ATTR, node);
    report('hover', node);
  };
  doc.addEventListener('pointerover', (e) => hover(nodeOfElement(prefixes(), e.target as Element)));
  doc.documentElement.addEventListener('pointerleave', () => hover(null));
  doc.addEventListener(
    'click',
    (e) => {
      e.preventDefault();
      report('click', nodeOfElement(prefixes(), e.target as Element));
    },
    true,
  );
  doc.addEventListener('submit', (e) => e.preventDefault(), true);
}
