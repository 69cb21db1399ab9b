import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../../core/db/types.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { deliveryFixture, deliveryIds as ids } from './delivery-fixture.ts';
import { selectDocuments } from './document-query.ts';
import { createReader } from './reader.ts';
import type { DocumentRow } from './rows.ts';
import { rowKeyProperties, type ShapeInputs, shapeKey } from './shape-memo.ts';
import type { ReadContext, Reader } from './types.ts';

const plugins = loadPlugins({ website: true });
const secret = 'a-media-secret-of-at-least-32-characters';
const expand = ['hero', 'related', 'author', 'cta', 'image', 'link', 'see'];

function context(locale: string, origin?: string): ReadContext {
  return { spaceId: ids.space, locale, tags: { addTags() {} }, ...(origin ? { origin } : {}) };
}

/** A small deterministic generator, so that a failure repeats. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return { pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

describe.each(testDatabases())('shaped documents given again, on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let kept: Reader;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await importSpace(db, parseSpaceFile(deliveryFixture(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
    kept = createReader({ db, mediaSecret: () => secret, blockDesigns: true });
  });
  afterAll(() => drop());

  /** What a reader answers; a new reader has a new content model, under which nothing is kept yet. */
  async function answers(reader: Reader) {
    const out: Record<string, unknown> = {};
    for (const locale of ['en', 'de']) {
      for (const origin of [undefined, 'https://api.example.org']) {
        const at = `${locale} ${origin ?? 'paths'}`;
        out[`${at}: list`] = await reader.list(context(locale, origin), { limit: 50, offset: 0 });
        out[`${at}: list expanded`] = await reader.list(context(locale, origin), {
          limit: 50,
          offset: 0,
          expand,
        });
        const all = (out[`${at}: list`] as { items: Array<{ id: string; permalink: string }> }).items;
        // One at a time, so that what they expand is not on the same page.
        for (let offset = 0; offset < all.length; offset++)
          out[`${at}: list from ${offset}`] = await reader.list(context(locale, origin), {
            limit: 1,
            offset,
            expand,
          });
        for (const doc of all) {
          out[`${at}: ${doc.permalink}`] = await reader.byPermalink(context(locale, origin), doc.permalink);
          out[`${at}: ${doc.id} expanded`] = await reader.byId(context(locale, origin), doc.id, expand);
        }
      }
    }
    return out;
  }

  const fresh = () => createReader({ db, mediaSecret: () => secret, blockDesigns: true });

  it('gives a page read with what it names again, and answers what it carried as a fresh read does', async () => {
    const { items } = await kept.list(context('en'), { limit: 50, offset: 0 });
    const all = items.map((d) => d.id);
    for (const { permalink } of items) {
      const first = await kept.byPermalink(context('en'), permalink, undefined, { related: true });
      const again = await kept.byPermalink(context('en'), permalink, undefined, { related: true });
      expect(again, permalink).toBe(first);
      const other = fresh();
      const unkept = await other.byPermalink(context('en'), permalink, undefined, { related: true });
      expect(again).toEqual(unkept);
      expect(await kept.byIds(context('en'), all, undefined, [again!])).toEqual(
        await other.byIds(context('en'), all, undefined, [unkept!]),
      );
    }
  });

  it('gives the same frozen documents again while the database answers the same', async () => {
    const first = await kept.list(context('en'), { limit: 50, offset: 0 });
    const again = await kept.list(context('en'), { limit: 50, offset: 0 });
    expect(again.items).toBe(first.items);
    expect(again).toEqual(await fresh().list(context('en'), { limit: 50, offset: 0 }));
    expect(Object.isFrozen(first.items)).toBe(true);
    const doc = first.items[0]!;
    expect(Object.isFrozen(doc) && Object.isFrozen(doc.fields)).toBe(true);
    expect(() => {
      (doc as { title: string }).title = 'changed';
    }).toThrow(TypeError);
    // Another origin makes other asset addresses: not the same result.
    expect((await kept.list(context('en', 'https://a.example'), { limit: 50, offset: 0 })).items).not.toBe(
      first.items,
    );
  });

  it('answers as a new reader does after every kind of change', async () => {
    const docs = (await db.query<{ id: string }>('select id from documents order by id')).rows.map(
      (r) => r.id,
    );
    const assets = (await db.query<{ id: string }>('select id from assets order by id')).rows.map(
      (r) => r.id,
    );
    const rnd = random(14);
    const changes: Record<string, () => Promise<unknown>> = {
      'new slug': () =>
        db.query(`update document_versions set slug = slug || '-x' where document_id = $1`, [rnd.pick(docs)]),
      'new slug of a link target': () =>
        db.query(`update document_versions set slug = slug || '-y' where document_id = $1`, [ids.team]),
      'new title of an expanded document': () =>
        db.query(`update document_versions set title = title || '?' where document_id = $1`, [ids.team]),
      'new title': () =>
        db.query(`update document_versions set title = title || '!' where document_id = $1`, [
          rnd.pick(docs),
        ]),
      'new field value': () =>
        db.query(
          `update document_versions set fields = fields || jsonb_build_object('summary', 'Now ' || md5(random()::text))
           where document_id = $1`,
          [rnd.pick(docs)],
        ),
      'new alt text': () => db.query(`update assets set alt = alt || '.' where id = $1`, [rnd.pick(assets)]),
      'new user name': () => db.query(`update users set name = name || '.'`),
      unpublished: () =>
        db.query(
          `delete from document_versions where document_id = $1 and state = 'published' and locale = $2`,
          [rnd.pick(docs), rnd.pick(['en', 'de'])],
        ),
      moved: () =>
        db.query(`update documents set parent_id = null where id = $1 and parent_id is not null`, [
          rnd.pick(docs),
        ]),
    };
    expect(await answers(kept)).toEqual(await answers(fresh()));
    const kinds = Object.keys(changes);
    for (let step = 0; step < kinds.length * 2; step++) {
      const name = kinds[step % kinds.length]!;
      await changes[name]!();
      expect(await answers(kept), `after step ${step}: ${name}`).toEqual(await answers(fresh()));
    }
    // About 7,000 reads in all: 9 s alone on PGlite, 34 s beside the rest of the suite on a slow machine.
  }, 120_000);

  it('keys every property of a document row that shaping reads', async () => {
    const all = (await db.query<{ id: string }>('select id from documents')).rows.map((r) => r.id);
    const [row] = await selectDocuments(db, { spaceId: ids.space, locale: 'en', ids: all });
    const read = Object.keys(row!).filter((k) => k !== 'linkTargets' && k !== 'carried');
    expect(read.toSorted()).toEqual([...rowKeyProperties].toSorted());
  });
});

describe('shapeKey', () => {
  const row: DocumentRow = {
    id: ids.lead,
    type: 'page',
    locale: 'en',
    parentId: ids.team,
    permalink: 'about/team/ada',
    ancestors: [ids.team],
    title: 'Ada',
    slug: 'ada',
    state: 'published',
    fields: Object.freeze({ summary: 'Lead' }),
    sharedFields: null,
    publishedAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
    tags: [],
  };
  const inputs = (rows: DocumentRow[]): ShapeInputs => ({
    spaceId: ids.space,
    origin: undefined,
    locale: 'en',
    drafts: undefined,
    secret,
    blockDesigns: true,
    expand: new Set(),
    rows,
    related: [],
    links: [],
    assets: [],
    users: [],
  });
  const other: Record<(typeof rowKeyProperties)[number], unknown> = {
    id: ids.team,
    type: 'blog-post',
    locale: 'de',
    parentId: null,
    permalink: 'ada',
    ancestors: [],
    title: 'Ada!',
    slug: 'ada-2',
    state: 'draft',
    fields: { summary: 'Lead' },
    sharedFields: { rank: 1 },
    publishedAt: null,
    updatedAt: new Date('2026-01-03T00:00:00Z'),
    tags: [{ name: 'News', slug: 'news' }],
  };

  it('changes with each property of a row it keys, and stays with an equal row', () => {
    const key = shapeKey(inputs([row]));
    expect(shapeKey(inputs([{ ...row, ancestors: [ids.team], tags: [] }]))).toBe(key);
    for (const name of rowKeyProperties)
      expect(shapeKey(inputs([{ ...row, [name]: other[name] }])), name).not.toBe(key);
  });

  it('changes with each part of what a row carries for later lookups, and stays with an equal one', () => {
    const asset = { id: ids.space, filename: 'a.png', mime_type: 'image/png' } as never;
    const user = { id: ids.space, name: 'Ada', avatar: null } as never;
    const alternate = { id: ids.lead, locale: 'de', permalink: 'de/ada', ancestors: [] };
    const carried = (over: object = {}) => ({
      ...row,
      carried: { assets: [asset], users: [user], documents: [{ ...row }], alternates: [alternate], ...over },
    });
    const key = shapeKey(inputs([carried()]));
    expect(key).not.toBe(shapeKey(inputs([row])));
    expect(shapeKey(inputs([carried()]))).toBe(key);
    for (const over of [
      { assets: [] },
      { users: [] },
      { documents: [] },
      { documents: [{ ...row, title: 'Ada!' }] },
      { documents: [{ ...row, carried: { assets: [asset], users: [] } }] },
      { alternates: [] },
      { alternates: undefined },
    ])
      expect(shapeKey(inputs([carried(over)])), JSON.stringify(over)).not.toBe(key);
  });
});
