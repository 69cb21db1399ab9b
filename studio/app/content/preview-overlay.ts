import type { FieldDef } from '../../../core/space-format/field-defs.ts';
import { cleanFields } from '../../logic/form-model.ts';

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
