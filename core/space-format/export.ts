import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { Plugin } from '../plugins.ts';
import { FORMAT } from './schema.ts';

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();

interface ItemRow {
  id: string;
  parent_id: string | null;
  label: unknown;
  url: string | null;
  target: string;
  content_id: string | null;
  menu_id: string;
}

/** Reads a whole space (by name or id) back into the space format, in a deterministic order. */
export async function exportSpace(
  db: Queryable,
  nameOrId: string,
  options: { storage: MediaStorage; plugins: Plugin[] },
): Promise<Record<string, unknown>> {
  const spaceRes = await db.query<Record<string, unknown>>(
    `select * from spaces where name = $1 or id::text = $1`,
    [nameOrId],
  );
  const s = spaceRes.rows[0];
  if (!s) throw new AppError('space.notFound', { message: `No space named "${nameOrId}".` });
  const spaceId = s.id as string;
  const q = async <T>(sql: string) => (await db.query<T>(sql, [spaceId])).rows;

  const types = await q<{ kind: string; name: string; title: string; fields: unknown }>(
    'select kind, name, title, fields from content_types where space_id = $1 order by kind, position',
  );
  const typeOut = (kind: string) =>
    types.filter((t) => t.kind === kind).map((t) => ({ name: t.name, title: t.title, fields: t.fields }));

  const users = await q<{ id: string; name: string; avatar_id: string | null }>(
    'select id, name, avatar_id from users where space_id = $1 order by id',
  );
  const assets = await q<Record<string, unknown>>(
    'select * from assets where space_id = $1 order by position, id',
  );
  const assetOut = [];
  for (const a of assets) {
    const bytes = await options.storage.get(a.storage_key as string);
    assetOut.push({
      id: a.id,
      filename: a.filename,
      mimeType: a.mime_type,
      width: a.width,
      height: a.height,
      alt: a.alt,
      focalPoint: a.focal_point,
      crop: a.crop,
      data: bytes.toString('base64'),
    });
  }

  const docs = await q<{
    id: string;
    type: string;
    parent_id: string | null;
    position: number;
    created_at: string;
  }>(
    'select id, type, parent_id, position, created_at from documents where space_id = $1 order by created_at, id',
  );
  const tags = await q<{ document_id: string; name: string; slug: string }>(
    `select dt.document_id, t.name, t.slug from document_tags dt join tags t on t.id = dt.tag_id
     where t.space_id = $1 order by dt.document_id, dt.position`,
  );
  const versions = await q<Record<string, unknown>>(
    `select v.* from document_versions v join documents d on d.id = v.document_id
     where d.space_id = $1 order by v.document_id, v.locale, v.state`,
  );
  const versionsByDoc = groupBy(versions, (v) => v.document_id as string);
  const tagsByDoc = groupBy(tags, (t) => t.document_id);
  const documents = docs.map((d) => {
    const locales: Record<string, { published: unknown; draft: unknown }> = {};
    for (const v of versionsByDoc.get(d.id) ?? []) {
      const locale = v.locale as string;
      const entry = locales[locale] ?? { published: null, draft: null };
      locales[locale] = entry;
      entry[v.state as 'published' | 'draft'] = {
        title: v.title,
        slug: v.slug,
        fields: v.fields,
        publishedAt: iso(v.published_at),
        updatedAt: iso(v.updated_at),
      };
    }
    return {
      id: d.id,
      type: d.type,
      parentId: d.parent_id,
      position: d.position,
      createdAt: iso(d.created_at),
      tags: (tagsByDoc.get(d.id) ?? []).map((t) => ({ name: t.name, slug: t.slug })),
      locales,
    };
  });

  const menus = await q<{ id: string; name: string; machine_name: string }>(
    'select id, name, machine_name from menus where space_id = $1 order by position',
  );
  const items = await q<ItemRow>(
    `select i.* from menu_items i join menus m on m.id = i.menu_id where m.space_id = $1 order by i.position`,
  );
  const itemTree = (menuId: string, parentId: string | null): unknown[] =>
    items
      .filter((i) => i.menu_id === menuId && i.parent_id === parentId)
      .map((i) => ({
        id: i.id,
        label: i.label,
        url: i.url,
        target: i.target,
        contentId: i.content_id,
        children: itemTree(menuId, i.id),
      }));
  const redirects = await q<Record<string, unknown>>(
    'select locale, from_path, to_path, status, content_id from redirects where space_id = $1 order by position',
  );
  const controls = await q<{ key: string; value: unknown }>(
    'select key, value from space_controls where space_id = $1 order by key',
  );

  const out: Record<string, unknown> = {
    format: FORMAT,
    space: {
      id: s.id,
      name: s.name,
      title: s.title,
      defaultLocale: s.default_locale,
      locales: s.locales,
      homeContentId: s.home_content_id,
      apiHosts: s.api_hosts,
      importRunning: s.import_running,
    },
    contentTypes: typeOut('content'),
    blockTypes: typeOut('block'),
    users: users.map((u) => ({ id: u.id, name: u.name, avatarId: u.avatar_id })),
    assets: assetOut,
    documents,
    menus: menus.map((m) => ({
      id: m.id,
      name: m.name,
      machineName: m.machine_name,
      items: itemTree(m.id, null),
    })),
    redirects: redirects.map((r) => ({
      locale: r.locale,
      fromPath: r.from_path,
      toPath: r.to_path,
      status: r.status,
      contentId: r.content_id,
    })),
    controls: Object.fromEntries(controls.map((c) => [c.key, c.value])),
  };
  for (const plugin of options.plugins) {
    const section = plugin.spaceSection;
    if (!section) continue;
    const value = await section.export(db, spaceId);
    if (value !== undefined) out[section.key] = value;
  }
  return out;
}
