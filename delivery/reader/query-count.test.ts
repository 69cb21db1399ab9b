import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../../core/db/types.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryFixture, deliveryIds as ids } from './delivery-fixture.ts';
import { openReader } from './reader-test-kit.ts';
import type { DeliveredBlocks, DeliveredDocument, ReadContext, Reader } from './types.ts';

const _plugins = loadPlugins({ website: true });
const bulk = '00000000-0000-4000-8000-00000000b000';
const t = '2026-01-01T00:00:00.000Z';
const uuid = (prefix: string, n: number) =>
  `00000000-0000-4000-8000-${prefix}${String(n).padStart(12 - prefix.length, '0')}`;

/** 120 documents under `bulk`, each with relations at every depth: field, block, nested block, repeater. */
function bulkSpace(): Record<string, unknown> {
  const space = deliveryFixture() as { documents: unknown[] };
  space.documents.push({
    id: bulk,
    type: 'page',
    parentId: null,
    position: 9,
    createdAt: t,
    tags: [],
    locales: { en: { published: { title: 'Bulk', slug: 'bulk', fields: {} }, draft: null } },
  });
  for (let i = 0; i < 120; i++) {
    const fields = {
      hero: ids.image,
      related: [ids.team, ids.hello, i > 0 ? uuid('c', i - 1) : ids.about],
      author: ids.user,
      cta: { contentId: ids.lead },
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { contentId: ids.news } }] }],
          },
        ],
      },
      content: {
        grid: null,
        blocks: [
          { blockId: uuid('d', i * 4), type: 'hero', fields: { image: ids.image, link: ids.about } },
          {
            blockId: uuid('d', i * 4 + 1),
            type: 'columns',
            fields: {
              blocks: {
                grid: null,
                blocks: [{ blockId: uuid('d', i * 4 + 2), type: 'hero', fields: { link: ids.team } }],
              },
            },
          },
          {
            blockId: uuid('d', i * 4 + 3),
            type: 'faq',
            fields: { items: [{ itemId: uuid('e', i), fields: { see: ids.hello } }] },
          },
        ],
      },
    };
    space.documents.push({
      id: uuid('c', i),
      type: 'page',
      parentId: bulk,
      position: i,
      createdAt: t,
      tags: [{ name: 'Bulk', slug: 'bulk' }],
      locales: { en: { published: { title: `Item ${i}`, slug: `item-${i}`, fields }, draft: null } },
    });
  }
  return space as Record<string, unknown>;
}

const ctx = (): ReadContext => ({ spaceId: ids.space, locale: 'en', tags: { addTags: () => {} } });
const expand = ['hero', 'related', 'author', 'image', 'link', 'see'];

describe.each(testDatabases())('the number of queries a read costs on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let reader: Reader;
  beforeAll(async () => {
    ({ db, reader, drop } = await openReader(open, { space: bulkSpace() }));
    await reader.contentModel(ids.space);
  });
  afterAll(() => drop());

  async function counted<T>(read: () => Promise<T>): Promise<{ result: T; queries: number }> {
    const before = db.stats.queries;
    const result = await read();
    return { result, queries: db.stats.queries - before };
  }

  it('is the same for a page of 10 and a page of 100 documents with expansions at every depth', async () => {
    const ten = await counted(() => reader.list(ctx(), { parentId: bulk, limit: 10, offset: 0, expand }));
    const hundred = await counted(() =>
      reader.list(ctx(), { parentId: bulk, limit: 100, offset: 0, expand }),
    );
    expect(ten.result.items).toHaveLength(10);
    expect(hundred.result.items).toHaveLength(100);
    expect(hundred.result.total).toBe(120);
    // The expansions really happened, at every depth.
    const last = hundred.result.items[99] as DeliveredDocument;
    expect((last.fields.related as DeliveredDocument[]).map((d) => d.id)).toEqual([
      ids.team,
      ids.hello,
      uuid('c', 98),
    ]);
    const blocks = (last.fields.content as DeliveredBlocks).blocks;
    expect((blocks[1]!.fields.blocks as DeliveredBlocks).blocks[0]?.fields.link).toMatchObject({
      id: ids.team,
    });
    expect(JSON.stringify(blocks[2])).toContain('"permalink":"news/hello"');
    expect(hundred.queries).toBe(ten.queries);
    // One list statement, one batch per target kind (documents, link targets, assets, users); the links
    // inside expanded documents come with those documents' rows (migration 0006), not as a seventh. The
    // fields of versions the process has not seen yet are one more (fields-by-version.ts): all of them.
    expect(hundred.queries).toBe(6);
    const again = await counted(() => reader.list(ctx(), { parentId: bulk, limit: 100, offset: 0, expand }));
    expect(again.result).toEqual(hundred.result);
    expect(again.queries).toBe(5);
  });

  it('is constant for a single document, a menu and the redirects too', async () => {
    const one = await counted(() => reader.byPermalink(ctx(), 'bulk/item-7', expand));
    expect(one.result?.id).toBe(uuid('c', 7));
    // The document with its link targets, assets, users and related documents, each with theirs: one statement
    // (migrations 0006, 0007).
    expect(one.queries).toBe(1);
    const menu = await counted(() => reader.menu(ctx(), 'main', expand));
    expect(menu.result?.items).toHaveLength(3);
    expect(menu.queries).toBe(3);
    // Redirects bring their target documents' addresses in the same statement.
    const moved = await counted(() => reader.redirects({ ...ctx(), locale: 'de' }));
    expect(moved.result.find((r) => r.contentId === ids.about)?.toPath).toBe('/ueber-uns');
    expect(moved.queries).toBe(1);
  });
});
