import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { technicalName } from '../space-format/field-defs.ts';
import { assertLocale, documentId, localeName, spaceName } from './inputs.ts';

export const LIST_LIMIT_MAX = 200;

interface ListRow {
  id: string;
  type: string;
  parent_id: string | null;
  position: number;
  created_at: Date;
  created_key: string;
  revision: string;
  children: string;
  versions: Array<{
    locale: string;
    state: 'draft' | 'published';
    title: string;
    slug: string;
    published_at: string | null;
    updated_at: string;
  }>;
}

/** The cursor is the last row's tree key (position, creation time to the microsecond, id), opaque to callers. */
const encodeCursor = (r: ListRow) =>
  Buffer.from(JSON.stringify([r.position, r.created_key, r.id])).toString('base64url');

function decodeCursor(cursor: string): [number, string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      Number.isInteger(v[0]) &&
      typeof v[1] === 'string' &&
      !Number.isNaN(Date.parse(v[1])) &&
      typeof v[2] === 'string' &&
      documentId.safeParse(v[2]).success
    )
      return v as [number, string, string];
  } catch {}
  throw new AppError('validation.failed', {
    details: [
      { key: 'validation.invalid', path: 'cursor', params: { message: 'not a cursor of this list' } },
    ],
  });
}

export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The documents as an editor sees them, drafts included, in tree order (position, creation time): the children
 * of `parentId` (`null` or left out: the roots), or with `type` or `search` and no `parentId`, the whole space.
 * Per document and locale: whether it has a draft, whether it is published and when. Paginated by `cursor`.
 */
export const contentList = defineProcedure({
  name: 'content.list',
  permission: 'space:read',
  input: z.strictObject({
    space: spaceName,
    parentId: documentId.nullable().optional(),
    type: technicalName.optional(),
    locale: localeName.optional(),
    search: z.string().trim().min(1).max(200).optional(),
    cursor: z.string().min(1).max(500).optional(),
    limit: z.number().int().min(1).max(LIST_LIMIT_MAX).default(50),
  }),
  async run(ctx, input) {
    if (input.locale) assertLocale(ctx.space, input.locale);
    const wholeSpace =
      input.parentId === undefined && (input.type !== undefined || input.search !== undefined);
    const after = input.cursor ? decodeCursor(input.cursor) : null;
    const res = await ctx.db.query<ListRow>(
      `select d.id, d.type, d.parent_id, d.position, d.created_at, d.created_at::text as created_key,
         d.revision::text as revision,
         (select count(*) from documents c where c.parent_id = d.id)::text as children,
         coalesce((select jsonb_agg(jsonb_build_object('locale', v.locale, 'state', v.state, 'title', v.title,
             'slug', v.slug, 'published_at', v.published_at, 'updated_at', v.updated_at) order by v.locale, v.state)
           from document_versions v where v.document_id = d.id and ($4::text is null or v.locale = $4)), '[]') as versions
       from documents d
       where d.space_id = $1
         and ($2::boolean or d.parent_id is not distinct from $3::uuid)
         and ($5::text is null or d.type = $5)
         and ($4::text is null or exists (select 1 from document_versions v where v.document_id = d.id and v.locale = $4))
         and ($6::text is null or exists (select 1 from document_versions v where v.document_id = d.id
           and ($4::text is null or v.locale = $4) and (v.title ilike $6 or v.slug ilike $6)))
         and ($7::int is null or (d.position, d.created_at, d.id) > ($7::int, $8::timestamptz, $9::uuid))
       order by d.position, d.created_at, d.id
       limit $10`,
      [
        ctx.space.id,
        wholeSpace,
        input.parentId ?? null,
        input.locale ?? null,
        input.type ?? null,
        input.search ? likePattern(input.search) : null,
        after?.[0] ?? null,
        after?.[1] ?? null,
        after?.[2] ?? null,
        input.limit + 1,
      ],
    );
    const rows = res.rows.slice(0, input.limit);
    const more = res.rows.length > input.limit;
    return {
      items: rows.map((r) => ({
        id: r.id,
        type: r.type,
        parentId: r.parent_id,
        position: r.position,
        createdAt: new Date(r.created_at).toISOString(),
        revision: Number(r.revision),
        children: Number(r.children),
        locales: localesOf(r.versions),
      })),
      nextCursor: more ? encodeCursor(rows[rows.length - 1]!) : null,
    };
  },
});

function localesOf(versions: ListRow['versions']) {
  const out: Record<
    string,
    {
      title: string;
      slug: string;
      hasDraft: boolean;
      published: boolean;
      publishedAt: string | null;
      updatedAt: string;
    }
  > = {};
  for (const v of versions) {
    // The draft names the document when there is one: it is what the editor works on.
    const entry = out[v.locale] ?? {
      title: v.title,
      slug: v.slug,
      hasDraft: false,
      published: false,
      publishedAt: null,
      updatedAt: v.updated_at,
    };
    out[v.locale] = entry;
    if (v.state === 'draft') {
      Object.assign(entry, { title: v.title, slug: v.slug, hasDraft: true });
    } else {
      Object.assign(entry, { published: true, publishedAt: new Date(v.published_at!).toISOString() });
    }
    if (v.updated_at > entry.updatedAt) entry.updatedAt = v.updated_at;
  }
  for (const e of Object.values(out)) e.updatedAt = new Date(e.updatedAt).toISOString();
  return out;
}
