import type { FieldDef } from '../../../core/space-format/field-defs.ts';
import type { ListedDoc } from '../../logic/doc-tree.ts';

/** What a field's control may need besides its value: the space's block types, documents, assets, variants. */
export interface FieldContext {
  locale: string;
  blockTypes: Array<{ name: string; title: string; fields: FieldDef[] }>;
  docs: ListedDoc[];
  assets: Array<{ id: string; filename: string; alt: string }>;
  /** The design variants of each block type (its block design), for the block's design choice. */
  variants: Record<string, string[]>;
}
