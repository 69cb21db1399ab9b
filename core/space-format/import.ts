import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize } from 'node:path';
import { searchText } from '../content/search-text.ts';
import type { Db, Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { Plugin, SectionContext } from '../plugins.ts';
import { insertMenuItems, menuItemRows } from './menu-items.ts';
import type { CoreFile } from './schema.ts';
import type { SpaceFile } from './validate.ts';

export interface ImportOptions {
  replace?: boolean;
  /** Folder that `file` paths of assets are relative to. */
  baseDir: string;
  storage: MediaStorage;
  plugins: Plugin[];
  onProgress?: (stage: string, count: number) => void;
}

const json = (v: unknown) => JSON.stringify(v);

async function assetBytes(
  asset: CoreFile['assets'][number],
  index: number,
  baseDir: string,
): Promise<Buffer> {
  if (asset.data !== undefined) return Buffer.from(asset.data, 'base64');
  const rel = normalize(asset.file!);
  if (isAbsolute(rel) || rel.startsWith('..'))
    throw invalidPath(`assets[${index}].file`, "must be a path inside the file's folder");
  try {
    return await readFile(join(baseDir, rel));
  } catch {
    throw invalidPath(`assets[${index}].file`, `cannot read ${asset.file}`);
  }
}

function invalidPath(path: string, message: string): AppError {
  return new AppError('import.invalid', {
    message: `${path}: ${message}`,
    details: [{ key: 'validation.invalid', path, params: { message } }],
  });
}

/**
 * Writes a parsed space file in one transaction: all of it, or (on any error) nothing. With `replace`, an
 * existing space of the same name is swapped out inside the same transaction.
 */
export async function importSpace(
  db: Db,
  file: SpaceFile,
  options: ImportOptions,
): Promise<{ spaceId: string }> {
  const { core } = file;
  const progress = options.onProgress ?? (() => {});
  // Asset bytes go to content-addressed storage first (the rows refer to them); the files this import added
  // are removed again when its transaction does not commit, so a refused import leaves the storage as it was.
  const stored: Array<{ key: string; size: number }> = [];
  const added: string[] = [];
  try {
    for (const [i, asset] of core.assets.entries()) {
      const bytes = await assetBytes(asset, i, options.baseDir);
      const key = createHash('sha256').update(bytes).digest('hex');
      if (!(await options.storage.has(key))) {
        await options.storage.put(key, bytes);
        added.push(key);
      }
      stored.push({ key, size: bytes.length });
    }
    progress('assets stored', core.assets.length);
    await writeSpace(db, file, stored, options);
  } catch (err) {
    await removeUnreferenced(db, options.storage, added);
    throw err;
  }
  return { spaceId: core.space.id };
}

/**
 * Removes the files a refused import added, but any that a row commits to meanwhile (an upload of the same
 * bytes). A database without the table (not migrated) refers to none.
 */
async function removeUnreferenced(db: Db, storage: MediaStorage, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const referenced = await db
    .query<{ storage_key: string }>('select storage_key from assets where storage_key = any($1::text[])', [
      keys,
    ])
    .then(
      (r) => new Set(r.rows.map((row) => row.storage_key)),
      () => new Set<string>(),
    );
  for (const key of keys) if (!referenced.has(key)) await storage.remove(key);
}

async function writeSpace(
  db: Db,
  file: SpaceFile,
  stored: Array<{ key: string; size: number }>,
  options: ImportOptions,
): Promise<void> {
  const { core } = file;
  const progress = options.onProgress ?? (() => {});
  await db.transaction(async (tx) => {
    const menuRevisions = await currentMenuRevisions(tx, core.space.name);
    await replaceOrRefuse(tx, core, options.replace === true);
    await assertIdsFree(tx, core);
    await insertSpace(tx, core, stored);
    progress('content model', core.contentTypes.length + core.blockTypes.length);
    await insertDocuments(tx, core);
    progress('documents', core.documents.length);
    await insertMenusAndRedirects(tx, core, menuRevisions);
    progress('menus and redirects', core.menus.length + core.redirects.length);
    const ctx: SectionContext = {
      spaceId: core.space.id,
      locales: core.space.locales,
      ids: {
        documents: new Set(core.documents.map((d) => d.id)),
        assets: new Set(core.assets.map((a) => a.id)),
        contentTypes: new Set(core.contentTypes.map((t) => t.name)),
        blockTypes: new Set(core.blockTypes.map((t) => t.name)),
      },
    };
    for (const plugin of options.plugins) {
      const section = plugin.spaceSection;
      if (section && file.sections[section.key] !== undefined) {
        await section.import(tx, file.sections[section.key], ctx);
        progress(section.key, 1);
      }
    }
  });
}

async function replaceOrRefuse(tx: Queryable, core: CoreFile, replace: boolean): Promise<void> {
  const byName = await tx.query<{ id: string }>('select id from spaces where name = $1 for update', [
    core.space.name,
  ]);
  const existing = byName.rows[0];
  if (existing && !replace) {
    throw new AppError('space.exists', {
      message: `space.name: a space named "${core.space.name}" exists already (use --replace to swap it)`,
    });
  }
  if (existing) await tx.query('delete from spaces where id = $1', [existing.id]);
  const byId = await tx.query<{ name: string }>('select name from spaces where id = $1', [core.space.id]);
  if (byId.rows[0]) {
    throw new AppError('space.exists', {
      message: `space.id: the id is used by space "${byId.rows[0].name}"`,
    });
  }
}

/** Ids are global: refuse a file whose documents, assets or menus belong to another space already. */
async function assertIdsFree(tx: Queryable, core: CoreFile): Promise<void> {
  const lists: Array<[string, string, string[]]> = [
    ['documents', 'documents', core.documents.map((d) => d.id)],
    ['assets', 'assets', core.assets.map((a) => a.id)],
    ['menus', 'menus', core.menus.map((m) => m.id)],
  ];
  for (const [table, name, ids] of lists) {
    if (ids.length === 0) continue;
    const res = await tx.query<{ id: string }>(`select id from ${table} where id = any($1::uuid[])`, [ids]);
    const used = new Set(res.rows.map((r) => r.id));
    const taken = ids.find((id) => used.has(id));
    if (taken)
      throw new AppError('space.exists', {
        message: `${name}[${ids.indexOf(taken)}].id: used by another space`,
      });
  }
}

async function insertSpace(tx: Queryable, core: CoreFile, stored: Array<{ key: string; size: number }>) {
  const s = core.space;
  await tx.query(
    `insert into spaces (id, name, title, default_locale, locales, home_content_id, api_hosts, import_running)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [s.id, s.name, s.title, s.defaultLocale, s.locales, s.homeContentId, s.apiHosts, s.importRunning],
  );
  const types = [
    ...core.contentTypes.map((t, i) => ({ kind: 'content', ...t, position: i })),
    ...core.blockTypes.map((t, i) => ({ kind: 'block', ...t, position: i })),
  ];
  await tx.query(
    `insert into content_types (space_id, kind, name, title, fields, position)
     select $2, kind, name, title, fields, position
     from jsonb_to_recordset($1::jsonb) as x(kind text, name text, title text, fields jsonb, position int)`,
    [json(types), s.id],
  );
  const assets = core.assets.map((a, i) => ({
    id: a.id,
    filename: a.filename,
    mime_type: a.mimeType,
    size: stored[i]!.size,
    width: a.width ?? null,
    height: a.height ?? null,
    alt: a.alt,
    focal_point: a.focalPoint,
    crop: a.crop,
    storage_key: stored[i]!.key,
    sha256: stored[i]!.key,
    position: i,
  }));
  await tx.query(
    `insert into assets (id, space_id, filename, mime_type, size, width, height, alt, focal_point, crop, storage_key, sha256, position)
     select id, $2, filename, mime_type, size, width, height, alt, focal_point, crop, storage_key, sha256, position
     from jsonb_to_recordset($1::jsonb) as x(id uuid, filename text, mime_type text, size bigint, width int, height int,
       alt text, focal_point jsonb, crop jsonb, storage_key text, sha256 text, position int)`,
    [json(assets), s.id],
  );
  await tx.query(
    `insert into users (space_id, id, name, avatar_id)
     select $2, id, name, avatar_id from jsonb_to_recordset($1::jsonb) as x(id uuid, name text, avatar_id uuid)`,
    [json(core.users.map((u) => ({ id: u.id, name: u.name, avatar_id: u.avatarId }))), s.id],
  );
  const controls = Object.entries(core.controls).map(([key, value]) => ({ key, value }));
  await tx.query(
    `insert into space_controls (space_id, key, value)
     select $2, key, value from jsonb_to_recordset($1::jsonb) as x(key text, value jsonb)`,
    [json(controls), s.id],
  );
}

/**
 * A space of more documents than this has its tables analyzed before the delivery index is computed: in a fresh
 * database, planned without statistics, a lookup by key can go through another index that matches every row.
 */
export const ANALYZE_FROM = 1000;

/**
 * The documents, their tags and versions, then the delivery index (core/db/migrations/0002) computed once for the
 * whole space, instead of by the triggers of each statement: a chunk of versions recomputed every subtree it
 * touched, planned on statistics that did not know the rows the import had just written (a 10k-document
 * import into a fresh database took 66-75 s; core/db/migrations/0008).
 */
async function insertDocuments(tx: Queryable, core: CoreFile) {
  await tx.query(`select set_config('verso.defer_delivery', 'on', true)`);
  await insertDocumentRows(tx, core);
  await tx.query(`select set_config('verso.defer_delivery', 'off', true)`);
  if (core.documents.length >= ANALYZE_FROM) {
    // Statistics of this transaction's own rows, for the statements below (and committed with them).
    await tx.query('analyze documents');
    await tx.query('analyze document_versions');
  }
  await tx.query(
    'select verso_deliver_subtrees(array(select id from documents where space_id = $1 and parent_id is null))',
    [core.space.id],
  );
}

async function insertDocumentRows(tx: Queryable, core: CoreFile) {
  const spaceId = core.space.id;
  const types = new Map(core.contentTypes.map((t) => [t.name, t]));
  // Parents before children, so that the tree's foreign key holds at every row.
  const byId = new Map(core.documents.map((d) => [d.id, d]));
  const depth = (id: string | null): number => (id ? 1 + depth(byId.get(id)?.parentId ?? null) : 0);
  const ordered = [...core.documents].sort((a, b) => depth(a.parentId) - depth(b.parentId));
  await tx.query(
    `insert into documents (id, space_id, type, parent_id, position, created_at)
     select id, $2, type, parent_id, position, created_at
     from jsonb_to_recordset($1::jsonb) as x(id uuid, type text, parent_id uuid, position int, created_at timestamptz)`,
    [
      json(
        ordered.map((d) => ({
          id: d.id,
          type: d.type,
          parent_id: d.parentId,
          position: d.position,
          created_at: d.createdAt,
        })),
      ),
      spaceId,
    ],
  );
  const tags = new Map<string, string>();
  for (const d of core.documents) for (const t of d.tags) tags.set(t.slug, t.name);
  await tx.query(
    `insert into tags (space_id, name, slug) select $2, name, slug from jsonb_to_recordset($1::jsonb) as x(name text, slug text)`,
    [json([...tags].map(([slug, name]) => ({ slug, name }))), spaceId],
  );
  const docTags = core.documents.flatMap((d) =>
    d.tags.map((t, i) => ({ document_id: d.id, slug: t.slug, position: i })),
  );
  await tx.query(
    `insert into document_tags (document_id, tag_id, position)
     select x.document_id, t.id, x.position from jsonb_to_recordset($1::jsonb) as x(document_id uuid, slug text, position int)
     join tags t on t.space_id = $2 and t.slug = x.slug`,
    [json(docTags), spaceId],
  );
  const versions = core.documents.flatMap((d) =>
    Object.entries(d.locales).flatMap(([locale, states]) =>
      (['published', 'draft'] as const).flatMap((state) => {
        const v = states[state];
        if (!v) return [];
        const text = searchText(
          v.fields,
          types.get(d.type)?.fields ?? [],
          d.tags.map((t) => t.name),
        );
        return [
          {
            document_id: d.id,
            locale,
            state,
            title: v.title,
            slug: v.slug,
            fields: v.fields,
            published_at: v.publishedAt ?? null,
            updated_at: v.updatedAt ?? v.publishedAt ?? d.createdAt,
            search_text: text,
          },
        ];
      }),
    ),
  );
  // Large spaces are written in chunks to keep each statement's parameter small.
  for (let i = 0; i < versions.length; i += 2000) {
    await tx.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields, published_at, updated_at, search_text)
       select document_id, locale, state, title, slug, fields, published_at, updated_at, search_text
       from jsonb_to_recordset($1::jsonb) as x(document_id uuid, locale text, state text, title text, slug text, fields jsonb,
         published_at timestamptz, updated_at timestamptz, search_text text)`,
      [json(versions.slice(i, i + 2000))],
    );
  }
}

/** The revisions of the menus of the space a replacing import swaps out, by machine name (`menus.update` names them so). */
async function currentMenuRevisions(tx: Queryable, spaceName: string): Promise<Map<string, number>> {
  const res = await tx.query<{ machine_name: string; revision: string }>(
    `select m.machine_name, m.revision::text as revision from menus m join spaces s on s.id = m.space_id
     where s.name = $1`,
    [spaceName],
  );
  return new Map(res.rows.map((r) => [r.machine_name, Number(r.revision)]));
}

/**
 * Menus, their items and the redirects. A menu that replaces one of the same machine name gets the next revision,
 * so that an editor holding the old one gets 409 `menu.conflict` instead of writing over the imported menu.
 */
async function insertMenusAndRedirects(tx: Queryable, core: CoreFile, revisions: Map<string, number>) {
  const spaceId = core.space.id;
  await tx.query(
    `insert into menus (id, space_id, name, machine_name, position, revision)
     select id, $2, name, machine_name, position, revision
     from jsonb_to_recordset($1::jsonb) as x(id uuid, name text, machine_name text, position int, revision bigint)`,
    [
      json(
        core.menus.map((m, i) => ({
          id: m.id,
          name: m.name,
          machine_name: m.machineName,
          position: i,
          revision: (revisions.get(m.machineName) ?? 0) + 1,
        })),
      ),
      spaceId,
    ],
  );
  await insertMenuItems(
    tx,
    core.menus.flatMap((m) => menuItemRows(m.items, m.id)),
  );
  await tx.query(
    `insert into redirects (space_id, locale, from_path, to_path, status, content_id, position)
     select $2, locale, from_path, to_path, status, content_id, position
     from jsonb_to_recordset($1::jsonb) as x(locale text, from_path text, to_path text, status int, content_id uuid, position int)`,
    [
      json(
        core.redirects.map((r, i) => ({
          locale: r.locale,
          from_path: r.fromPath,
          to_path: r.toPath,
          status: r.status,
          content_id: r.contentId,
          position: i,
        })),
      ),
      spaceId,
    ],
  );
}
