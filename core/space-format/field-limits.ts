/**
 * Sizes a stored field value may have, the same for `verso import` and every content procedure
 * (docs/space-format.md, "Sizes"). They bound what one version costs to store, index, deliver and render, and
 * keep the validator's and renderer's recursion far from the stack's end. Contentful's are of the same order
 * (a short text 256 characters, a long text 50,000, an entry 2 MB).
 */
export const fieldLimits = {
  /** Characters of a `string` field (a name, a label, an address). */
  string: 2_000,
  /** Characters of a `text` field, and of one rich-text text node. */
  text: 100_000,
  /** Items of a `multiple` field, of a repeater, and blocks of one `blocks` field. */
  items: 500,
  /** Blocks inside blocks (a block's own `blocks` field), counting the outermost as 1. */
  blockDepth: 8,
  /** Rich-text nodes nested in each other (a list in a list item in a list…). */
  richTextDepth: 32,
  /** Bytes of a version's `fields` as JSON. */
  versionBytes: 1_048_576,
} as const;
