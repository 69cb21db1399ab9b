import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { localDiskStorage } from '../media/local-disk-storage.ts';
import { badFieldCases, spoil } from '../testing/bad-field-cases.ts';
import { migrated, testDatabases } from '../testing/databases.ts';
import { fixtureSpace, ids } from '../testing/fixture-space.ts';
import { exportSpace } from './export.ts';
import { importSpace } from './import.ts';
import { parseSpaceFile } from './validate.ts';

const plugins = loadPlugins({ website: true });
const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'verso-media-')));
const tables = [
  'spaces',
  'content_types',
  'documents',
  'document_versions',
  'tags',
  'document_tags',
  'assets',
  'users',
  'menus',
  'menu_items',
  'redirects',
  'space_controls',
  'space_plugin_settings',
  'website_designs',
  'website_domains',
];

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables)
    out[t] = (await db.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0]!.n;
  return out;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const load = (db: Db, raw: unknown, replace = false) =>
  importSpace(db, parseSpaceFile(raw, plugins), { replace, baseDir: process.cwd(), storage, plugins });
const exported = (db: Db, name = 'fixture') => exportSpace(db, name, { storage, plugins });

async function refusal(db: Db, raw: unknown, replace = false): Promise<AppError> {
  try {
    await load(db, raw, replace);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('the import was accepted');
}

describe.each(testDatabases())('space import and export on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await load(db, fixtureSpace());
  });
  afterAll(() => drop());

  it('round-trips: export, import, export gives identical JSON', async () => {
    const first = await exported(db);
    const withPassword = structuredClone(first) as { website: { settings: { passwordHash: string | null } } };
    withPassword.website.settings.passwordHash =
      '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
    await load(db, withPassword, true);
    const second = await exported(db);
    expect(second).toEqual(withPassword);
    await load(db, second, true);
    expect(JSON.stringify(await exported(db))).toBe(JSON.stringify(second));
  });

  it('keeps the parts of the format it was given', async () => {
    const out = (await exported(db)) as Record<string, any>;
    expect(out.space).toMatchObject({
      id: ids.space,
      name: 'fixture',
      defaultLocale: 'en',
      locales: ['en', 'de'],
      homeContentId: ids.home,
    });
    const about = out.documents.find((d: { id: string }) => d.id === ids.about);
    expect(about.locales.en.draft.title).toBe('About us (draft)');
    expect(about.locales.en.published.fields.content.blocks[0].ext).toEqual({
      website: { designId: 'imageLeft' },
    });
    expect(about.tags).toEqual([{ name: 'Company', slug: 'company' }]);
    expect(out.menus[0].items[0].children[0].label).toBe('Team');
    expect(out.redirects).toHaveLength(2);
    expect(out.website.domains.map((d: { host: string }) => d.host)).toEqual([
      'fixture.test',
      'de.fixture.test',
    ]);
    expect(out.assets[0].data).toBeTypeOf('string');
  });

  it('refuses a space whose name exists, unless --replace', async () => {
    const again = fixtureSpace() as Record<string, any>;
    const before = await rowCounts(db);
    const err = await refusal(db, again);
    expect(err.key).toBe('space.exists');
    expect(err.message).toMatch(/^space\.name: a space named "fixture" exists/);
    expect(await rowCounts(db)).toEqual(before);
    again.space.title = 'Replaced';
    await load(db, again, true);
    expect(
      (await db.query<{ title: string }>('select title from spaces where name = $1', ['fixture'])).rows,
    ).toEqual([{ title: 'Replaced' }]);
    expect(await rowCounts(db)).toEqual(before);
  });

  it('refuses a bad file naming the path of the first bad value, and changes nothing', async () => {
    const before = await rowCounts(db);
    const cases: Array<[(f: Record<string, any>) => void, RegExp]> = [
      [
        (f) => delete f.documents[3].locales.en.published.slug,
        /^documents\[3\]\.locales\.en\.published\.slug: required$/,
      ],
      // The field checks the content procedures share (core/procedures/content-write.test.ts).
      ...badFieldCases.map((c): [(f: Record<string, any>) => void, RegExp] => [
        (f) => spoil(f.documents[c.document].locales.en.published.fields, c),
        new RegExp(
          `^${literal(`documents[${c.document}].locales.en.published.${c.path}`)}: ${c.message.source.slice(1)}`,
        ),
      ]),
      [(f) => (f.documents[2].parentId = ids.team), /^documents\[2\]\.parentId: the tree has a cycle$/],
      // A required field: a published version must hold it; a draft may not (the one of documents[1] lacks it).
      [
        (f) => {
          f.contentTypes.find((t: { name: string }) => t.name === 'page').fields[0].required = true;
          f.documents[1].locales.en.draft.fields.summary = null;
          delete f.documents[1].locales.en.published.fields.summary;
        },
        /^documents\[1\]\.locales\.en\.published\.fields\.summary: required$/,
      ],
      [
        (f) => (f.documents[2].locales.fr = { published: null, draft: null }),
        /^documents\[2\]\.locales\.fr: not a locale/,
      ],
      [(f) => (f.menus[0].items[2].url = 'data:text/html,x'), /^menus\[0\]\.items\[2\]\.url: /],
      [(f) => (f.space.defaultLocale = 'fr'), /^space\.defaultLocale: must be one of locales$/],
      [(f) => (f.website.domains[0].host = 'Fixture.TEST:80'), /^website\.domains\[0\]\.host: /],
      [
        (f) =>
          (f.website.designs = [
            {
              kind: 'layout',
              key: 'default',
              published: { root: { id: 'r', el: 'box', style: { base: { color: 'red; x: y' } } } },
              draft: null,
            },
          ]),
        /^website\.designs\[0\]\.published\.root\./,
      ],
      [(f) => (f.surprise = true), /^surprise: unknown field$/],
    ];
    for (const [mutate, expected] of cases) {
      const file = fixtureSpace() as Record<string, any>;
      file.space.name = 'other';
      file.space.id = '00000000-0000-4000-8000-0000000000ff';
      mutate(file);
      const err = await refusal(db, file);
      expect(err.key).toBe('import.invalid');
      expect(err.message).toMatch(expected);
    }
    expect(await rowCounts(db)).toEqual(before);
  });

  it('refuses an unknown format', async () => {
    const err = await refusal(db, { ...fixtureSpace(), format: 'verso.space/2' });
    expect(err.key).toBe('import.format.unknown');
    expect(err.message).toMatch(/^format: unknown format "verso\.space\/2"/);
  });

  it('a refused import leaves the media storage as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verso-media-'));
    const own = localDiskStorage(dir);
    const files = () =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name);
    const file = fixtureSpace() as Record<string, any>;
    // Bytes no earlier import stored, so every file would be new.
    file.assets = file.assets.map((a: Record<string, unknown>, i: number) => ({
      ...a,
      data: Buffer.concat([Buffer.from(String(a.data), 'base64'), Buffer.from([i, 0x42])]).toString('base64'),
    }));
    const importInto = (target: Db) =>
      importSpace(target, parseSpaceFile(structuredClone(file), plugins), {
        baseDir: process.cwd(),
        storage: own,
        plugins,
      });
    // The space exists: refused inside the transaction.
    await expect(importInto(db)).rejects.toMatchObject({ key: 'space.exists' });
    expect(files()).toEqual([]);
    // A database no one migrated: refused at the first statement.
    const bare = await open();
    try {
      await expect(importInto(bare.db)).rejects.toThrow();
      expect(files()).toEqual([]);
    } finally {
      await bare.drop();
    }
  });

  it('rolls back everything when the database refuses midway', async () => {
    const before = await rowCounts(db);
    const file = fixtureSpace() as Record<string, any>;
    file.space.name = 'clash';
    file.space.id = '00000000-0000-4000-8000-0000000000fe';
    // New documents, but a domain another space holds: refused at the last stage, inside the transaction.
    file.documents = file.documents.map((d: { id: string }, i: number) => ({
      ...d,
      id: d.id.replace(/..$/, `e${i}`),
    }));
    file.space.homeContentId = file.documents[0].id;
    file.website.settings.homeContentId = file.documents[0].id;
    file.documents[1].locales.en.published.fields = {};
    file.documents[2].parentId = file.documents[1].id;
    file.documents[4].parentId = file.documents[3].id;
    file.documents[5].parentId = file.documents[3].id;
    file.menus = [];
    file.redirects = [];
    file.assets = file.assets.map((a: { id: string }, i: number) => ({
      ...a,
      id: a.id.replace(/..$/, `f${i}`),
    }));
    file.users = [];
    file.documents[0].locales.en.published.fields.hero = file.assets[0].id;
    file.documents[0].locales.de.published.fields.hero = file.assets[0].id;
    const err = await refusal(db, file);
    expect(err.message).toMatch(/^website\.domains\[0\]\.host: used by another space$/);
    expect(await rowCounts(db)).toEqual(before);
  });
});
