import type { FieldDef } from '../../core/space-format/field-defs.ts';
import { fieldLabel } from './form-model.ts';

interface Version {
  title: string;
  slug: string;
  fields: Record<string, unknown>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What publishing a locale's draft changes on the site, in words the editor reads before confirming:
 * a first publication, or the title, the address and each field whose value differs from the live one.
 */
export function publishChanges(draft: Version | null, published: Version | null, defs: FieldDef[]): string[] {
  if (!draft) return [];
  if (!published) return [`First publication of “${draft.title}” at /${draft.slug}`];
  const out: string[] = [];
  if (draft.title !== published.title) out.push(`Title: “${published.title}” → “${draft.title}”`);
  if (draft.slug !== published.slug) out.push(`Address: /${published.slug} → /${draft.slug}`);
  for (const def of defs)
    if (!same(draft.fields[def.name], published.fields[def.name])) out.push(`${fieldLabel(def)} changed`);
  return out;
}
