import type { NodePath } from '../../core/designs/node-tree.ts';

/**
 * What core/designs/component-check.ts becomes inside the canvas bundle (build/canvas.ts): the check
 * runs only inside zod refinements, which the canvas's zod pass-through never runs (zod-pass-through.ts),
 * and the canvas knows no component schemas anyway (the studio's server draws components for it:
 * component-html.ts). Left out, it makes room in the 40 KB budget for the canvas's `component` kind.
 */
export function componentIssues(_node: unknown): [NodePath, string][] {
  return [];
}
