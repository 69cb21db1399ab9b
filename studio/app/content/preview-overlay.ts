import type { FieldDef } from '../../../core/space-format/field-defs.ts';
import { cleanFields } from '../../logic/form-model.ts';
import type { Preview } from '../design/design-view.tsx';

/** Field kinds whose stored value is the delivered one: the canvas can show them before the save returns. */
const AS_DELIVERED = new Set(['string', 'text', 'number', 'boolean', 'date', 'select', 'richText']);

/**
 * The saved draft as the site delivers it (`studio.preview` with `draft`), with what the editor typed since
 * laid over it: the title and every field whose stored and delivered shapes agree. Relations, links and blocks
 * wait for the save (a moment later) to come back expanded.
 */
export function previewDocument(
  delivered: { fields?: Record<string, unknown> } & Record<string, unknown>,
  working: { title: string; fields: Record<string, unknown> },
  defs: FieldDef[],
): Record<string, unknown> {
  const simple = defs.filter((d) => AS_DELIVERED.has(d.type) && d.public !== false);
  const typed = cleanFields(working.fields, simple);
  const fields = { ...(delivered.fields ?? {}) };
  for (const d of simple) {
    if (d.name in typed) fields[d.name] = typed[d.name];
    else delete fields[d.name];
  }
  return { ...delivered, ...(working.title.trim() ? { title: working.title } : {}), fields };
}

/** The canvas's `render` (docs/canvas-protocol.md) of the document's page with the typed draft. */
export function renderMessage(
  preview: Preview,
  working: { title: string; fields: Record<string, unknown> },
  defs: FieldDef[],
  locale: string,
) {
  return {
    locale,
    site: preview.site,
    designs: preview.designs,
    fields: preview.fields,
    content: preview.content && {
      ...preview.content,
      document: previewDocument(preview.content.document, working, defs),
    },
    view: { kind: 'page' },
  };
}
