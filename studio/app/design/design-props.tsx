/** @jsxImportSource hono/jsx/dom */
import type { STYLE_STATES } from '../../../core/designs/index.ts';
import { updateNode } from '../../logic/tree-ops.ts';
import type { DesignShared } from './design-nav.tsx';
import { PropsPanel } from './props-panel.tsx';
import { type Revision, RevisionsList } from './revisions.tsx';
import { treeEditing } from './tree-editing.ts';

type StyleState = (typeof STYLE_STATES)[number];

export interface DesignPropsProps extends DesignShared {
  styleState: StyleState;
  onStyleState: (s: StyleState) => void;
  revisions: Revision[];
  onRestore: (n: number | string) => void;
}

/** The design view's right pane: the selected node's properties, and the revisions to restore. */
export function DesignProps(p: DesignPropsProps) {
  const { root, node, putTree } = treeEditing({ ...p, menus: p.preview?.menus ?? [] });
  const { editing, preview } = p;
  const bindFields =
    editing.kind === 'block'
      ? (preview?.fields.blockTypes[editing.key] ?? []).map((f) => f.name)
      : (
          preview?.fields.contentTypes[
            editing.kind === 'page' ? editing.key : (preview?.content?.document.type ?? '')
          ] ?? []
        ).map((f) => f.name);
  return (
    <aside class="right" aria-label="Properties and revisions">
      {node && p.theme ? (
        <PropsPanel
          node={node}
          theme={p.theme}
          locale={p.locale}
          fields={bindFields}
          menus={preview?.menus ?? []}
          components={p.components.list}
          assets={(preview?.content?.assets ?? []) as Array<{ id: string; filename?: string }>}
          state={p.styleState}
          onState={p.onStyleState}
          onChange={(n, g) =>
            root &&
            putTree(
              updateNode(root, n.id, () => n),
              g,
            )
          }
        />
      ) : (
        <p class="hint">Select a node in the outline or the canvas to edit it.</p>
      )}
      <RevisionsList revisions={p.revisions} onRestore={p.onRestore} />
    </aside>
  );
}
