import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../core/space-format/field-defs.ts';
import { checkFields, type ValueContext } from '../../core/space-format/field-values.ts';
import { richTextNodeTypes } from '../../core/space-format/rich-text-schema.ts';
import { isEmptyRichText, toEditorJson, toSpaceRichText } from './rich-text.ts';

const known = '0b7e5b1c-2f43-4c3e-9a43-5a1f1c1d2e3f';
const ctx: ValueContext = {
  documents: { has: (id) => id === known },
  assets: { has: (id) => id === known },
  users: { has: () => false },
  blockTypes: new Map(),
};
const defs: FieldDef[] = [{ name: 'body', type: 'richText' }];
/** The content procedures' check of a written rich-text field. */
const problem = (doc: unknown) => checkFields({ body: doc }, defs, 'fields', ctx);

// What an editor (Tiptap with any extension) might hand over: known and unknown nodes, marks and attributes,
// safe and unsafe addresses, deep nesting.
const href = fc.constantFrom(
  'https://example.org/a',
  '/blog/x',
  'mailto:a@b.c',
  '#top',
  'javascript:alert(1)',
  'data:text/html,x',
  ' ',
  '',
);
const mark = fc.oneof(
  fc.constantFrom('bold', 'italic', 'code', 'strike', 'underline', 'highlight').map((type) => ({ type })),
  fc.record({
    type: fc.constant('link'),
    attrs: fc.record({ href, target: fc.constantFrom('_blank', null, '_top') }),
  }),
  fc.record({ type: fc.constant('link'), attrs: fc.record({ contentId: fc.constantFrom(known, null) }) }),
  fc.constant({ type: 'link' }),
);
const nodeType = fc.constantFrom(
  ...richTextNodeTypes.filter((t) => t !== 'text'),
  'taskList',
  'mention',
  'table',
  'doc',
);
const attrs = fc.record(
  {
    level: fc.integer({ min: -1, max: 9 }),
    start: fc.integer({ min: 0, max: 5 }),
    language: fc.constantFrom('js', '', null),
    src: href,
    alt: fc.string(),
    assetId: fc.constantFrom(known),
    textAlign: fc.constantFrom('left', null),
  },
  { requiredKeys: [] },
);
const tree = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      { type: fc.constant('text'), text: fc.string(), marks: fc.array(mark, { maxLength: 4 }) },
      { requiredKeys: ['type', 'text'] },
    ),
    fc.record(
      { type: nodeType, attrs, content: fc.array(tie('node'), { maxLength: 4 }) },
      { requiredKeys: ['type'] },
    ),
  ),
}));
const editorDoc = fc.record({ type: fc.constant('doc'), content: fc.array(tree.node, { maxLength: 5 }) });

/** A list nested `n` deep, as Tab in a list item makes it. */
function nestedList(n: number): unknown {
  let inner: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
  for (let i = 0; i < n; i++)
    inner = { type: 'bulletList', content: [{ type: 'listItem', content: [inner] }] };
  return { type: 'doc', content: [inner] };
}

describe('rich text between Tiptap and the space format', () => {
  it('whatever leaves the editor passes the validator the content procedures use', () => {
    fc.assert(
      fc.property(editorDoc, (doc) => {
        expect(problem(toSpaceRichText(doc))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('is stable: converting again changes nothing, and the editor gets back what was stored', () => {
    fc.assert(
      fc.property(editorDoc, (doc) => {
        const stored = toSpaceRichText(doc);
        expect(toSpaceRichText(stored)).toEqual(stored);
        if (stored.content.length > 0) expect(toSpaceRichText(toEditorJson(stored))).toEqual(stored);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a heading, paragraphs, marks and a link as they are', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, id: null }, content: [{ type: 'text', text: 'Title' }] },
        {
          type: 'paragraph',
          attrs: { textAlign: null },
          content: [
            { type: 'text', text: 'Read ', marks: [{ type: 'bold' }] },
            {
              type: 'text',
              text: 'this',
              marks: [
                {
                  type: 'link',
                  attrs: { href: 'https://example.org', target: '_blank', rel: 'noopener', class: null },
                },
              ],
            },
          ],
        },
      ],
    };
    expect(toSpaceRichText(doc)).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Read ', marks: [{ type: 'bold' }] },
            {
              type: 'text',
              text: 'this',
              marks: [{ type: 'link', attrs: { href: 'https://example.org', target: '_blank' } }],
            },
          ],
        },
      ],
    });
  });

  it('keeps a link to a document as the space format stores it, which the validator accepts', () => {
    // The editor's link mark as Tiptap holds it: every attribute, href null.
    const editorMark = {
      type: 'link',
      attrs: { href: null, contentId: known, target: null, rel: 'noopener', class: null, title: null },
    };
    const doc = toSpaceRichText({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'team', marks: [editorMark] }] }],
    });
    expect(doc.content[0]!.content![0]!.marks).toEqual([{ type: 'link', attrs: { contentId: known } }]);
    expect(problem(doc)).toBeUndefined();
    // A document the space does not have is still the validator's to refuse.
    const other = JSON.parse(JSON.stringify(doc).replace(known, '0b7e5b1c-2f43-4c3e-9a43-000000000000'));
    expect(problem(other)).toMatch(/marks\[0\]\.attrs\.contentId: .*document/);
  });

  it('drops a javascript: link and an unknown mark but keeps the text; unknown nodes give their content', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'taskList',
          content: [
            {
              type: 'paragraph',
              content: [
                {
                  type: 'text',
                  text: 'x',
                  marks: [{ type: 'strike' }, { type: 'link', attrs: { href: 'javascript:alert(1)' } }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(toSpaceRichText(doc)).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
    });
  });

  it('cuts nesting at the validator’s depth rather than having the save refused', () => {
    expect(problem(nestedList(40))).toMatch(/deeper than 32/);
    expect(problem(toSpaceRichText(nestedList(40)))).toBeUndefined();
  });

  it('an empty editor is an empty paragraph for ProseMirror, and empty for a required field', () => {
    expect(toEditorJson(null)).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(isEmptyRichText(toSpaceRichText({ type: 'doc', content: [{ type: 'paragraph' }] }))).toBe(true);
    expect(
      isEmptyRichText(
        toSpaceRichText({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }],
        }),
      ),
    ).toBe(false);
  });
});
