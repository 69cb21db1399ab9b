import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';

export interface VersionView {
  title: string;
  slug: string;
  fields: Record<string, unknown>;
  publishedAt: string | null;
  updatedAt: string;
}

/** A document as an editor reads it (content.get): every locale's draft and published version. */
export interface DocumentView {
  id: string;
  type: string;
  parentId: string | null;
  position: number;
  createdAt: string;
  revision: number;
  tags: Array<{ name: string; slug: string }>;
  locales: Record<string, { draft: VersionView | null; published: VersionView | null }>;
}

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

/** One document of the space with all its versions and tags, or 404 `content.notFound`. */
export async function readDocument(db: Queryable, spaceId: string, id: string): Promise<DocumentView> {
  const doc = await db.query<{
    type: string;
    parent_id: string | null;
    position: number;
    created_at: Date;
    revision: string;
  }>(
    'select type, parent_id, position, created_at, revision from documents where id = $1 and space_id = $2',
    [id, spaceId],
  );
  const row = doc.rows[0];
  if (!row) throw new AppError('content.notFound');
  const versions = await db.query<{
    locale: string;
    state: 'draft' | 'published';
    title: string;
    slug: string;
    fields: Record<string, unknown>;
    published_at: Date | null;
    updated_at: Date;
  }>(
    `select locale, state, title, slug, fields, published_at, updated_at from document_versions
     where document_id = $1 order by locale, state`,
    [id],
  );
  const tags = await db.query<{ name: string; slug: string }>(
    `select t.name, t.slug from document_tags dt join tags t on t.id = dt.tag_id
     where dt.document_id = $1 order by dt.position`,
    [id],
  );
  const locales: DocumentView['locales'] = {};
  for (const v of versions.rows) {
    const entry = locales[v.locale] ?? { draft: null, published: null };
    locales[v.locale] = entry;
    entry[v.state] = {
      title: v.title,
      slug: v.slug,
      fields: v.fields,
      publishedAt: iso(v.published_at),
      updatedAt: iso(v.updated_at)!,
    };
  }
  return {
    id,
    type: row.type,
    parentId: row.parent_id,
    position: row.position,
    createdAt: iso(row.created_at)!,
    revision: Number(row.revision),
    tags: tags.rows,
    locales,
  };
}
