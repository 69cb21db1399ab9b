/**
 * What a rich-text value (`{ type: 'doc', content }`) may hold: the node types and marks the site's renderer
 * draws (site/render/rich-text.tsx) and the studio's editor makes. The validator refuses anything else, so a
 * value the import or a procedure takes is one every surface can show. space-format.md lists the marks.
 */
export const richTextNodeTypes = [
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'horizontalRule',
  'hardBreak',
  'image',
  'text',
] as const;

export const richTextMarks = ['bold', 'italic', 'link', 'code'] as const;

export type RichTextNodeType = (typeof richTextNodeTypes)[number];
