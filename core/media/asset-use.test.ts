import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { cacheTags } from '../cache/tags.ts';
import type { Db } from '../db/types.ts';
import { importSpace } from '../space-format/import.ts';
import { parseSpaceFile } from '../space-format/validate.ts';
import { migrated, testDatabases } from '../testing/databases.ts';
import { fixtureSpace, ids } from '../testing/fixture-space.ts';
import { assetUseTags, changedIds, namedIds } from './asset-use.ts';
import { memoryStorage } from './memory-storage.ts';

const a = '00000000-0000-4000-8000-0000000001a1';
const b = '00000000-0000-4000-8000-0000000001a2';
const c = '00000000-0000-4000-8000-0000000001a3';

describe('the ids published fields name', () => {
  it('finds every id-shaped string at any depth, keys too, lower-cased, and nothing else', () => {
    const fields = {
      cover: a,
      body: { type: 'doc', content: [{ type: 'image', attrs: { assetId: b.toUpperCase() } }] },
      blocks: { grid: null, blocks: [{ blockId: c, fields: { n: 3, nothing: null, list: ['x', true] } }] },
      [a]: 'a key',
      near: `${a}x`,
      braced: `"${b}"`,
    };
    expect([...namedIds(fields)].sort()).toEqual([a, b, c]);
    expect([...namedIds(null)]).toEqual([]);
  });

  it('changes only by what one side names and the other does not', () => {
    expect(changedIds([{ cover: a, photo: b }], [{ cover: a, photo: c }]).sort()).toEqual([b, c]);
    expect(changedIds([{ cover: a }], [{ cover: a }])).toEqual([]);
    expect(changedIds([], [{ cover: a }])).toEqual([a]);
    expect(changedIds([{ cover: a }, { x: [b] }], []).sort()).toEqual([a, b]);
  });
});

describe.each(testDatabases())('the asset-use tags to purge on $kind', ({ open }) => {
  const plugins = loadPlugins({ website: true });
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
  });
  afterAll(() => drop());

  it("names the space's assets among the ids and the avatars of its users among them, in one statement", async () => {
    expect(await assetUseTags(db, ids.space, [])).toEqual([]);
    // A document id and an unknown id are neither; the user's avatar is the fixture's image.
    expect(await assetUseTags(db, ids.space, [ids.about, a])).toEqual([]);
    expect(await assetUseTags(db, ids.space, [ids.orphanImage])).toEqual([
      cacheTags.assetUse(ids.orphanImage),
    ]);
    expect(await assetUseTags(db, ids.space, [ids.user])).toEqual([cacheTags.assetUse(ids.image)]);
    expect(await assetUseTags(db, '00000000-0000-4000-8000-00000000ffff', [ids.orphanImage])).toEqual([]);
  });
});
