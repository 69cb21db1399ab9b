import { ids } from './fixture-space.ts';

/**
 * Bad field values of the fixture space (core/testing/fixture-space.ts): a value put at `at` in the published
 * English fields of a document, and the path of the first problem relative to the version (`fields…`, as the
 * import writes it). `verso import` and the content procedures are both fed these
 * (core/space-format/import-export.test.ts, core/procedures/content-write.test.ts).
 */
export interface BadFieldCase {
  /** Index of the fixture document spoiled (0: home, 1: about, both pages). */
  document: 0 | 1;
  at: Array<string | number>;
  value: unknown;
  path: string;
  message: RegExp;
}

export const badFieldCases: BadFieldCase[] = [
  {
    document: 1,
    at: ['cta'],
    value: { url: 'javascript:alert(1)' },
    path: 'fields.cta.url',
    message: /^must be an http/,
  },
  {
    document: 1,
    at: ['body', 'content', 0, 'content', 0, 'marks'],
    value: [{ type: 'link', attrs: { href: 'JavaScript:x' } }],
    path: 'fields.body.content[0].content[0].marks[0].attrs.href',
    message: /^must be an http/,
  },
  {
    document: 0,
    at: ['hero'],
    value: '00000000-0000-4000-8000-00000000dead',
    path: 'fields.hero',
    message: /^no asset/,
  },
  { document: 0, at: ['nope'], value: 1, path: 'fields.nope', message: /^unknown field$/ },
  {
    document: 1,
    at: ['content', 'blocks', 1, 'fields', 'blocks', 'blocks', 0, 'fields', 'link'],
    value: 'x',
    path: 'fields.content.blocks[1].fields.blocks.blocks[0].fields.link',
    message: /^must be an id$/,
  },
  {
    document: 1,
    at: ['body'],
    value: { type: 'paragraph', content: [] },
    path: 'fields.body',
    message: /^must be \{ type: 'doc'/,
  },
  {
    document: 1,
    at: ['content', 'blocks', 2, 'fields', 'items', 0, 'fields', 'see'],
    value: ids.space,
    path: 'fields.content.blocks[2].fields.items[0].fields.see',
    message: /^no document with id/,
  },
  {
    document: 1,
    at: ['content', 'blocks', 0, 'type'],
    value: 'gallery',
    path: 'fields.content.blocks[0].type',
    message: /^no block type "gallery"$/,
  },
  {
    document: 1,
    at: ['body', 'content', 0, 'type'],
    value: 'table',
    path: 'fields.body.content[0].type',
    message: /^"table" is not a rich-text node/,
  },
  {
    document: 1,
    at: ['body', 'content', 0, 'content', 0, 'marks'],
    value: [{ type: 'underline' }],
    path: 'fields.body.content[0].content[0].marks[0].type',
    message: /^"underline" is not a rich-text mark/,
  },
  {
    document: 1,
    at: ['summary'],
    value: 'x'.repeat(100_001),
    path: 'fields.summary',
    message: /^has 100001 characters; at most 100000$/,
  },
  {
    document: 1,
    at: ['related'],
    value: Array.from({ length: 501 }, () => ids.home),
    path: 'fields.related',
    message: /^has 501 items; at most 500$/,
  },
  {
    document: 1,
    at: ['content'],
    value: nestedColumns(9),
    path: `fields.content${'.blocks[0].fields.blocks'.repeat(8)}`,
    message: /^nests blocks deeper than 8 levels$/,
  },
];

/** `blocks` of columns blocks nested `depth` deep (the innermost empty): past the depth blocks may nest. */
function nestedColumns(depth: number): unknown {
  let inner: unknown = { grid: null, blocks: [] };
  for (let level = depth - 1; level >= 1; level--) {
    const blockId = `00000000-0000-4000-8000-${String(900_000_000_000 + level)}`;
    inner = { grid: null, blocks: [{ blockId, type: 'columns', fields: { blocks: inner } }] };
  }
  return inner;
}

/** Puts the case's value into `fields` (a copy the caller owns). */
export function spoil(fields: unknown, c: BadFieldCase): void {
  let node = fields as Record<string | number, unknown>;
  for (const key of c.at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[c.at[c.at.length - 1]!] = c.value;
}
