/** @jsxImportSource hono/jsx/dom */
import { useEffect, useState } from 'hono/jsx/dom';
import type { ViewProps } from '../view-props.ts';
import { type DocOption, documentOptions } from './documents.ts';
import { MenuEditor } from './menu-editor.tsx';
import { RedirectsTable } from './redirects-table.tsx';

/**
 * Menus (their items, not their designs: the design view has those) and the space's redirects, side by side
 * at 1280: both are about where a visitor's click or old link goes.
 */
export function MenusView(props: ViewProps) {
  const [documents, setDocuments] = useState<DocOption[]>([]);
  useEffect(() => {
    documentOptions(props.space.name, props.locale)
      .then(setDocuments)
      .catch(() => setDocuments([]));
  }, [props.space.name, props.locale]);
  return (
    <div class="menus-view">
      <MenuEditor {...props} documents={documents} />
      <RedirectsTable {...props} documents={documents} />
    </div>
  );
}
