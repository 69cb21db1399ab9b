import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../db/types.ts';
import { importSpace } from '../space-format/import.ts';
import { parseSpaceFile } from '../space-format/validate.ts';
import { migrated, testDatabases } from '../testing/databases.ts';
import { fixtureSpace, ids } from '../testing/fixture-space.ts';
import { memoryStorage } from './memory-storage.ts';
import { isAssetPublished, publishedAssetIds } from './visibility.ts';

const plugins = loadPlugins({ website: true });
const extra = {
  inRichText: '00000000-0000-4000-8000-0000000001b1',
  inRepeater: '00000000-0000-4000-8000-0000000001b2',
  inDraftOnly: '00000000-0000-4000-8000-0000000001b3',
  avatarOfAuthor: '00000000-0000-4000-8000-0000000001b4',
  avatarOfNobody: '00000000-0000-4000-8000-0000000001b5',
  author: '00000000-0000-4000-8000-0000000001c1',
  loner: '00000000-0000-4000-8000-0000000001c2',
};

async function addAsset(db: Db, id: string) {
  await db.query(
    `insert into assets (id, space_id, filename, mime_type, storage_key, sha256) values ($1, $2, 'x.png', 'image/png', 'k', 'k')`,
    [id, ids.space],
  );
}

/** Published and draft references at every depth the content format has, written into the fixture space. */
async function seed(db: Db) {
  await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
    baseDir: process.cwd(),
    storage: memoryStorage(),
    plugins,
  });
  for (const id of [
    extra.inRichText,
    extra.inRepeater,
    extra.inDraftOnly,
    extra.avatarOfAuthor,
    extra.avatarOfNobody,
  ]) {
    await addAsset(db, id);
  }
  await db.query(
    `insert into users (space_id, id, name, avatar_id) values ($1, $2, 'Author', $3), ($1, $4, 'Loner', $5)`,
    [ids.space, extra.author, extra.avatarOfAuthor, extra.loner, extra.avatarOfNobody],
  );
  const richText = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'image', attrs: { assetId: extra.inRichText, alt: '' } }] },
    ],
  };
  const blocks = {
    grid: null,
    blocks: [
      {
        blockId: '00000000-0000-4000-8000-0000000001e1',
        type: 'faq',
        fields: {
          items: [{ itemId: '00000000-0000-4000-8000-0000000001f1', fields: { pic: [extra.inRepeater] } }],
        },
      },
    ],
  };
  await db.query(
    `update document_versions set fields = fields || jsonb_build_object('body', $2::jsonb, 'content', $3::jsonb, 'author', $4::text,
       'cta', $5::jsonb, 'summary', $6::text)
     where document_id = $1 and locale = 'en' and state = 'published'`,
    [
      ids.news,
      JSON.stringify(richText),
      JSON.stringify(blocks),
      extra.author,
      // Mentions inside longer strings are not references.
      JSON.stringify({ url: `https://example.test/media/${extra.inDraftOnly}/original` }),
      `quoted "${extra.avatarOfNobody}" in text`,
    ],
  );
  await db.query(
    `update document_versions set fields = jsonb_build_object('hero', $2::text, 'author', $3::text)
     where document_id = $1 and state = 'draft'`,
    [ids.hidden, extra.inDraftOnly, extra.loner],
  );
}

describe.each(testDatabases())('published assets on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await seed(db);
  });
  afterAll(() => drop());

  it('finds references in fields, blocks, repeaters, rich text and through authors, in one query', async () => {
    const asked = [ids.image, ids.orphanImage, ...Object.values(extra)];
    const before = db.stats.queries;
    const found = await publishedAssetIds(db, { spaceId: ids.space, assetIds: asked });
    expect(db.stats.queries - before).toBe(1);
    expect([...found].sort()).toEqual(
      [ids.image, extra.inRichText, extra.inRepeater, extra.avatarOfAuthor].sort(),
    );
  });

  it('leaves out what only drafts reference, avatars of unreferenced users and unreferenced assets', async () => {
    for (const id of [extra.inDraftOnly, extra.avatarOfNobody, ids.orphanImage]) {
      expect(await isAssetPublished(db, { spaceId: ids.space, assetId: id })).toBe(false);
    }
  });

  it('answers per space, and never for ids that are not ids', async () => {
    expect(
      await isAssetPublished(db, { spaceId: '00000000-0000-4000-8000-00000000ffff', assetId: ids.image }),
    ).toBe(false);
    expect(
      await publishedAssetIds(db, { spaceId: ids.space, assetIds: ['nope', "'; drop table assets; --"] }),
    ).toEqual(new Set());
    expect(await isAssetPublished(db, { spaceId: ids.space, assetId: ids.image.toUpperCase() })).toBe(true);
  });

  it('follows unpublishing', async () => {
    await db.query(
      `update document_versions set state = 'draft' where document_id = $1 and locale = 'en' and state = 'published'`,
      [ids.news],
    );
    expect(await isAssetPublished(db, { spaceId: ids.space, assetId: extra.inRichText })).toBe(false);
    expect(await isAssetPublished(db, { spaceId: ids.space, assetId: extra.avatarOfAuthor })).toBe(false);
  });
});
