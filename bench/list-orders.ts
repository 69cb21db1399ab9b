import { allMigrations, loadPlugins } from '../cli/plugins.ts';
import { migrate } from '../core/db/migrations.ts';
import { memoryStorage } from '../core/media/memory-storage.ts';
import { importSpace } from '../core/space-format/import.ts';
import { parseSpaceFile } from '../core/space-format/validate.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { createReader } from '../delivery/reader/reader.ts';
import type { ListQuery } from '../delivery/reader/types.ts';
import { demoDir, demoSpace } from '../demo/project.ts';
import { growDocuments } from './generate-documents.ts';
import { adminUrl } from './settings.ts';

/**
 * Ordered and filtered lists at 100k documents, in process (`reader.list`, p50 of 30 after 5 unmeasured), for
 * docs/performance.md "Ordered lists": `node bin/run-ts.mjs bench/list-orders.ts` with `DATABASE_URL` set (a
 * database is made and dropped). Generated posts get a reading time, 1 to 30, on every other post, so a field
 * order has values to range over and documents without one.
 */
const lists: Array<[string, Partial<ListQuery>]> = [
  ['tree order', {}],
  ['tree order, type=blog-post', { type: 'blog-post' }],
  ['order=-publishedAt', { order: '-publishedAt' }],
  ['order=title&type=blog-post', { type: 'blog-post', order: 'title' }],
  ['order=-fields.reading_time&type=blog-post', { type: 'blog-post', order: '-fields.reading_time' }],
  ['order=fields.reading_time&type=blog-post', { type: 'blog-post', order: 'fields.reading_time' }],
  [
    'order=fields.reading_time, offset 50000',
    { type: 'blog-post', order: 'fields.reading_time', offset: 50_000 },
  ],
  ['order=-fields.excerpt&type=blog-post', { type: 'blog-post', order: '-fields.excerpt' }],
  ['order=-fields.featured&type=blog-post', { type: 'blog-post', order: '-fields.featured' }],
  [
    'filter[fields.reading_time][eq]=7&type=blog-post',
    { type: 'blog-post', filter: [{ field: 'fields.reading_time', op: 'eq', value: '7' }] },
  ],
  [
    'filter[fields.reading_time][gte]=25&type=blog-post',
    { type: 'blog-post', filter: [{ field: 'fields.reading_time', op: 'gte', value: '25' }] },
  ],
  [
    'filter[fields.reading_time][exists]=false&type=blog-post',
    { type: 'blog-post', filter: [{ field: 'fields.reading_time', op: 'exists', value: 'false' }] },
  ],
  [
    'order=-fields.reading_time&filter[publishedAt][gte]=…',
    {
      type: 'blog-post',
      order: '-fields.reading_time',
      filter: [{ field: 'publishedAt', op: 'gte', value: '2020-01-01' }],
    },
  ],
];

if (!adminUrl) throw new Error('bench/list-orders.ts needs DATABASE_URL');
const plugins = loadPlugins({ website: true });
const { db, drop } = await freshPostgres(adminUrl);
try {
  await migrate(db, allMigrations(plugins));
  const space = parseSpaceFile(await demoSpace(), plugins);
  await importSpace(db, space, { baseDir: demoDir, storage: memoryStorage(), plugins });
  const growing = performance.now();
  await growDocuments(db, 100_000);
  console.log(
    `grown to 100k posts in ${((performance.now() - growing) / 1000).toFixed(1)} s (one statement, its recompute and journal included)`,
  );
  await db.query(
    `update document_versions set fields = fields || jsonb_build_object('reading_time', 1 + ('x' || right(document_id::text, 4))::bit(16)::int % 30)
     where document_id::text like 'beec0000-%' and ('x' || right(document_id::text, 4))::bit(16)::int % 2 = 0`,
  );
  await db.query('vacuum analyze delivered_field_values');
  const spaceId = (await db.query<{ id: string }>("select id from spaces where name = 'demo'")).rows[0]!.id;
  const reader = createReader({
    db,
    mediaSecret: () => 'a-media-secret-of-at-least-32-characters',
    blockDesigns: false,
  });
  for (const [name, query] of lists) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 35; i++) {
      const ctx = { spaceId, locale: 'en', tags: { addTags: () => {} } };
      const start = performance.now();
      const result = await reader.list(ctx, { limit: 25, offset: 0, ...query });
      if (i >= 5) times.push(performance.now() - start);
      total = result.total;
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(56)} p50 ${times[15]!.toFixed(2)} ms  (total ${total})`);
  }
} finally {
  await drop();
}
