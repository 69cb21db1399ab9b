import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRichText, richTextRefs } from './rich-text.ts';

const permalinks: Record<string, string | null> = { a: 'blog/a', b: null };
const permalink = (id: string) => permalinks[id];

interface Node {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Node[];
  content?: Node[];
}

const doc: Node = {
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'plain' }] },
    {
      type: 'paragraph',
      attrs: { align: 'left' },
      content: [
        {
          type: 'text',
          text: 'to a',
          marks: [{ type: 'bold' }, { type: 'link', attrs: { contentId: 'a' } }],
        },
        {
          type: 'text',
          text: 'to b',
          marks: [{ type: 'link', attrs: { contentId: 'b', target: '_blank' } }],
        },
      ],
    },
    { type: 'image', attrs: { assetId: 'x' } },
  ],
};

describe('resolveRichText', () => {
  it('gives each internal link its href (null when not delivered) and leaves the rest as it was', () => {
    const before = structuredClone(doc);
    const out = resolveRichText(doc, permalink) as Node;
    expect(doc).toEqual(before);
    const content = out.content!;
    const given = doc.content!;
    const links = content[1]!.content!;
    expect(links[0]!.marks).toEqual([
      { type: 'bold' },
      { type: 'link', attrs: { contentId: 'a', href: '/blog/a' } },
    ]);
    expect(links[1]!.marks).toEqual([
      { type: 'link', attrs: { contentId: 'b', target: '_blank', href: null } },
    ]);
    // Only the path to a link is new: the rest is the input itself, not a copy.
    expect(out).not.toBe(doc);
    expect(content[0]).toBe(given[0]);
    expect(content[2]).toBe(given[2]);
    expect(links[0]!.marks![0]).toBe(given[1]!.content![0]!.marks![0]);
    expect(Object.keys(content[1]!)).toEqual(['type', 'attrs', 'content']);
  });

  it('returns a document without internal links as it is', () => {
    const plain = { type: 'doc', content: [doc.content![0], doc.content![2]] };
    expect(resolveRichText(plain, permalink)).toBe(plain);
  });

  /** What resolving was before it stopped copying unchanged nodes: a whole copy. */
  function copying(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(copying);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      const v = value as Record<string, unknown>;
      if (
        key === 'attrs' &&
        typeof v === 'object' &&
        v !== null &&
        !Array.isArray(v) &&
        typeof v.contentId === 'string'
      )
        out.attrs = {
          ...v,
          href: typeof permalink(v.contentId) === 'string' ? `/${permalink(v.contentId)}` : null,
        };
      else out[key] = key === 'content' || key === 'marks' ? copying(value) : value;
    }
    return out;
  }

  it('equals a whole copy with links resolved, key order included, and never writes to its input', () => {
    const attrs = fc.oneof(
      fc.record({ contentId: fc.constantFrom('a', 'b', 'c') }, { requiredKeys: [] }),
      fc.record({ level: fc.integer(), href: fc.string() }, { requiredKeys: [] }),
      fc.constant(null),
    );
    const { node } = fc.letrec((tie) => ({
      node: fc.record(
        {
          type: fc.constantFrom('doc', 'paragraph', 'text', 'link', 'image'),
          text: fc.string(),
          attrs,
          marks: fc.array(
            fc.record({ type: fc.constantFrom('bold', 'link'), attrs }, { requiredKeys: ['type'] }),
            {
              maxLength: 3,
            },
          ),
          content: fc.array(tie('node'), { maxLength: 3 }),
        },
        { requiredKeys: ['type'] },
      ),
    }));
    fc.assert(
      fc.property(node, (tree) => {
        const before = structuredClone(tree);
        const out = resolveRichText(tree, permalink);
        expect(JSON.stringify(out)).toBe(JSON.stringify(copying(before)));
        expect(tree).toEqual(before);
        const refs = { links: new Set<string>() };
        richTextRefs(tree, refs);
        if (refs.links.size === 0) expect(out).toBe(tree);
      }),
      { numRuns: 500 },
    );
  });
});
