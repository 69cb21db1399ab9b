import { expect } from 'vitest';
import type { Db } from '../../core/db/types.ts';
import { deliveryIds as ids } from './delivery-fixture.ts';

// The random changes of the delivery index's test (delivery-index.test.ts): the ways writers change a tree.

export const locales = ['en', 'de'];

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
export function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)] as T };
}

let serial = 0;
export const newId = () => `00000000-0000-4000-9000-${String(++serial).padStart(12, '0')}`;

export type Random = ReturnType<typeof random>;

/** The changes a step can make, each the way a writer makes it: through the procedures, or as SQL writers do. */
export function writerChanges(deps: {
  db: () => Db;
  publish(
    name: 'content.publish' | 'content.unpublish',
    id: string,
    locale: string,
  ): Promise<{ status: number }>;
  subtree(id: string): Promise<string[]>;
  space: string;
}): Record<string, (rnd: Random, all: string[]) => Promise<unknown>> {
  return {
    publish: async (rnd, all) => {
      const res = await deps.publish('content.publish', rnd.pick(all), rnd.pick(locales));
      expect([200, 404]).toContain(res.status);
    },
    unpublish: async (rnd, all) => {
      const res = await deps.publish('content.unpublish', rnd.pick(all), rnd.pick(locales));
      expect(res.status).toBe(200);
    },
    'new slug, published': async (rnd, all) => {
      const id = rnd.pick(all);
      const locale = rnd.pick(locales);
      await deps.db().query(
        `insert into document_versions (document_id, locale, state, title, slug, fields)
       values ($1, $2, 'draft', 'Renamed', $3, '{}')
       on conflict (document_id, locale, state) do update set slug = excluded.slug`,
        [id, locale, `renamed-${rnd.int(1000)}`],
      );
      expect((await deps.publish('content.publish', id, locale)).status).toBe(200);
    },
    'new slug in place': (rnd, all) =>
      deps
        .db()
        .query(
          `update document_versions set slug = slug || '-x' where document_id = $1 and state = 'published'`,
          [rnd.pick(all)],
        ),
    // A list reads the fields of versions it has seen by their tuple (fields-by-version.ts): an update in place.
    'new fields in place': (rnd, all) =>
      deps.db().query(
        `update document_versions set fields = fields || jsonb_build_object('summary', 'In place ' || $2::text)
       where document_id = $1 and state = 'published'`,
        [rnd.pick(all), String(rnd.int(1000))],
      ),
    'new title only': (rnd, all) =>
      deps
        .db()
        .query(`update document_versions set title = title || '!' where document_id = $1`, [rnd.pick(all)]),
    move: async (rnd, all) => {
      const id = rnd.pick(all);
      const below = new Set(await deps.subtree(id));
      const targets = [null, ...all.filter((x) => !below.has(x))];
      await deps.db().query('update documents set parent_id = $2 where id = $1', [id, rnd.pick(targets)]);
    },
    reorder: (rnd, all) =>
      deps.db().query('update documents set position = $2 where id = $1', [rnd.pick(all), rnd.int(5)]),
    'reorder all': (_rnd) =>
      deps
        .db()
        .query('update documents set position = (position * 7 + 3) % 5 where space_id = $1', [deps.space]),
    retype: (rnd, all) =>
      deps
        .db()
        .query('update documents set type = $2 where id = $1', [
          rnd.pick(all),
          rnd.pick(['page', 'blog-post', 'legacy']),
        ]),
    'bulk insert': async (rnd, all) => {
      // A small tree in one statement per table, children's versions before their parents'.
      const top = newId();
      const kids = [newId(), newId(), newId()];
      const parent = rnd.next() < 0.3 ? null : rnd.pick(all);
      await deps.db().query(
        `insert into documents (id, space_id, type, parent_id, position, created_at)
       values ($1, $2, 'page', $3, 1, now()), ($4, $2, 'page', $1, 0, now()), ($5, $2, 'blog-post', $1, 0, now()),
         ($6, $2, 'page', $4, 2, now())`,
        [top, deps.space, parent, ...kids],
      );
      const rows = [...kids, top].flatMap((id, i) =>
        [...locales, 'fr']
          .filter(() => rnd.next() < 0.8)
          .map((locale) => ({ id, locale, slug: `bulk-${i}-${rnd.int(3)}` })),
      );
      await deps.db().query(
        `insert into document_versions (document_id, locale, state, title, slug, fields, search_text)
       select id, locale, 'published', 'Generated ' || slug, slug, '{}', 'generated roastery'
       from jsonb_to_recordset($1::jsonb) as x(id uuid, locale text, slug text)`,
        [JSON.stringify(rows)],
      );
    },
    delete: (rnd, all) =>
      deps.db().query('delete from documents where id = $1 and id <> $2', [rnd.pick(all), ids.home]),
    'delete versions': (rnd, all) =>
      deps
        .db()
        .query(`delete from document_versions where document_id = $1 and locale = $2`, [
          rnd.pick(all),
          rnd.pick(locales),
        ]),
  };
}
