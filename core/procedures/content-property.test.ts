import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Queryable } from '../db/types.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { coreProcedures } from './index.ts';

/**
 * Any sequence of content writes through the procedures (create, update, move, delete, publish) leaves the
 * delivery index (core/db/migrations/0002, kept by triggers) equal to a recompute from scratch, and equal to
 * what the published versions say when the tree is walked here, in JavaScript: a document is delivered in a
 * locale when it and every ancestor have a published version there, its permalink the join of their slugs.
 */

const plugins = loadPlugins({ website: true });
const locales = ['en', 'de'] as const;
const titles = ['Hello', 'News', 'About', 'Ünïcode Tïtle', 'hello'];

const op = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    parent: fc.nat(),
    root: fc.boolean(),
    locale: fc.constantFrom(...locales),
    title: fc.constantFrom(...titles),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    doc: fc.nat(),
    locale: fc.constantFrom(...locales),
    title: fc.constantFrom(...titles),
    slug: fc.option(fc.constantFrom('a', 'b', 'hello', 'news'), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    doc: fc.nat(),
    parent: fc.nat(),
    root: fc.boolean(),
    position: fc.nat({ max: 5 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), doc: fc.nat(), withChildren: fc.boolean() }),
  fc.record({ kind: fc.constant('publish' as const), doc: fc.nat(), locale: fc.constantFrom(...locales) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

interface IndexRow {
  document_id: string;
  locale: string;
  parent_id: string | null;
  slugs: string[];
  ancestors: string[];
}

const indexRows = async (db: Queryable) =>
  (
    await db.query<IndexRow & { sort_key: string; type: string }>(
      `select document_id, locale, parent_id, type, encode(sort_key, 'hex') as sort_key, slugs, ancestors
       from delivered_documents where space_id = $1 order by document_id, locale`,
      [ids.space],
    )
  ).rows;
const countRows = async (db: Queryable) =>
  (
    await db.query(
      `select locale, parent_id, type, n::int from delivered_counts where space_id = $1 and n <> 0
       order by locale, parent_id nulls first, type`,
      [ids.space],
    )
  ).rows;

describe.each(testDatabases())('content writes keep the delivery index exact on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  beforeAll(async () => {
    h = await rpcHarness({ open, procedures: coreProcedures, plugins, migrations: allMigrations(plugins) });
    key = await h.key({ role: 'editor' });
  });
  afterAll(() => h.close());

  const documents = async () =>
    (
      await h.db.query<{ id: string }>('select id from documents where space_id = $1 order by id', [
        ids.space,
      ])
    ).rows.map((r) => r.id);

  async function apply(o: Op): Promise<number> {
    const all = await documents();
    const pick = (n: number) => all[n % Math.max(all.length, 1)];
    let input: Record<string, unknown>;
    let name: string = `content.${o.kind}`;
    switch (o.kind) {
      case 'create':
        input = {
          type: 'blog-post',
          parentId: o.root ? null : pick(o.parent),
          locale: o.locale,
          title: o.title,
        };
        break;
      case 'update': {
        const id = pick(o.doc);
        if (!id) return 0;
        const got = await h.call('content.get', { space: 'fixture', id }, key);
        const revision = ((await got.json()) as { revision: number }).revision;
        input = { id, locale: o.locale, revision, title: o.title, ...(o.slug ? { slug: o.slug } : {}) };
        break;
      }
      case 'move':
        input = { id: pick(o.doc), parentId: o.root ? null : pick(o.parent), position: o.position };
        break;
      case 'delete':
        input = { id: pick(o.doc), withChildren: o.withChildren };
        break;
      case 'publish':
        name = 'content.publish';
        input = { id: pick(o.doc), locale: o.locale };
        break;
    }
    if (input.id === undefined && o.kind !== 'create') return 0;
    const res = await h.call(name, { space: 'fixture', ...input }, key);
    await res.arrayBuffer();
    return res.status;
  }

  /** The delivered rows the published versions imply, walked from the roots here. */
  async function walked(): Promise<Array<Omit<IndexRow, 'ancestors'> & { ancestors: string[] }>> {
    const docs = (
      await h.db.query<{ id: string; parent_id: string | null }>(
        'select id, parent_id from documents where space_id = $1',
        [ids.space],
      )
    ).rows;
    const published = (
      await h.db.query<{ document_id: string; locale: string; slug: string }>(
        `select v.document_id, v.locale, v.slug from document_versions v join documents d on d.id = v.document_id
         where d.space_id = $1 and v.state = 'published'`,
        [ids.space],
      )
    ).rows;
    const slug = new Map(published.map((v) => [`${v.document_id} ${v.locale}`, v.slug]));
    const parent = new Map(docs.map((d) => [d.id, d.parent_id]));
    const out: Array<IndexRow> = [];
    for (const d of docs) {
      for (const locale of ['de', 'en']) {
        const chain: string[] = [];
        let at: string | null = d.id;
        let ok = true;
        while (at) {
          if (!slug.has(`${at} ${locale}`)) {
            ok = false;
            break;
          }
          chain.unshift(at);
          at = parent.get(at) ?? null;
        }
        if (!ok) continue;
        out.push({
          document_id: d.id,
          locale,
          parent_id: d.parent_id,
          slugs: chain.map((id) => slug.get(`${id} ${locale}`)!),
          ancestors: chain.slice(0, -1).reverse(),
        });
      }
    }
    return out.sort((a, b) =>
      a.document_id === b.document_id
        ? a.locale.localeCompare(b.locale)
        : a.document_id < b.document_id
          ? -1
          : 1,
    );
  }

  it('after any sequence of writes, the index equals a recompute and the walk of the published versions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) expect(await apply(o)).toBeLessThan(500);
        const kept = await indexRows(h.db);
        const counts = await countRows(h.db);
        // A recompute from scratch, rolled back: the index as the migration's backfill would build it.
        const recomputed = await h.db
          .transaction(async (tx) => {
            await tx.query('delete from delivered_documents where space_id = $1', [ids.space]);
            await tx.query('delete from delivered_counts where space_id = $1', [ids.space]);
            await tx.query(
              'select verso_deliver_subtrees(array(select id from documents where space_id = $1 and parent_id is null))',
              [ids.space],
            );
            throw { rows: await indexRows(tx), counts: await countRows(tx) };
          })
          .catch((thrown: { rows: unknown; counts: unknown }) => thrown);
        expect(kept).toEqual(recomputed.rows);
        expect(counts).toEqual(recomputed.counts);
        expect(kept.map(({ sort_key: _s, type: _t, ...r }) => r)).toEqual(await walked());
      }),
      { numRuns: 12, seed: 36, endOnFailure: true },
    );
  }, 120_000);
});
