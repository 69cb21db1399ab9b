import { z } from 'zod';
import { searchText } from '../content/search-text.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import type { ProcedureContext } from '../rpc/procedure.ts';
import { contentInvalid, spaceValueContext, versionFieldsProblem } from '../space-format/document-fields.ts';
import type { FieldDef } from '../space-format/field-defs.ts';
import { slug } from '../space-format/schema.ts';
import './errors.ts';

/** Input parts of the content procedures, as the space file writes them (core/space-format/schema.ts). */
export const titleInput = z.string().trim().min(1, 'required').max(500);
export const slugInput = slug.max(200);
export const tagsInput = z
  .array(z.strictObject({ name: z.string().trim().min(1, 'required').max(200), slug: slugInput }))
  .max(100);
export const fieldsInput = z.record(z.string(), z.unknown());

/** A slug made of a title: lower case letters and digits joined by `-` (accents dropped), as the format allows. */
export function slugFromTitle(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return base === '' ? 'untitled' : base;
}

/**
 * Serializes writers of one parent's children until commit: the slug checks below read the siblings, and two
 * editors creating "Hello" side by side must not both find "hello" free.
 */
export async function lockSiblings(tx: Queryable, spaceId: string, parentId: string | null): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `verso.siblings:${spaceId}:${parentId ?? '-'}`,
  ]);
}

/** Slugs of `parentId`'s children in a locale (draft or published), leaving out document `except`. */
async function siblingSlugs(
  tx: Queryable,
  spaceId: string,
  parentId: string | null,
  locale: string,
  except: string | null,
): Promise<Set<string>> {
  const res = await tx.query<{ slug: string }>(
    `select distinct v.slug from documents d join document_versions v on v.document_id = d.id
     where d.space_id = $1 and d.parent_id is not distinct from $2::uuid and v.locale = $3
       and d.id is distinct from $4::uuid`,
    [spaceId, parentId, locale, except],
  );
  return new Set(res.rows.map((r) => r.slug));
}

/**
 * A slug no sibling holds in the locale, in either state (a draft's slug becomes a permalink when published):
 * `wanted`, or when it is taken, `wanted-2`, `wanted-3`… (only for a slug made from the title; a slug the
 * caller chose is refused, as the import refuses it).
 */
export async function freeSlug(
  tx: Queryable,
  at: { spaceId: string; parentId: string | null; locale: string; except: string | null },
  wanted: string,
  chosen: boolean,
  path = 'slug',
): Promise<string> {
  const taken = await siblingSlugs(tx, at.spaceId, at.parentId, at.locale, at.except);
  if (!taken.has(wanted)) return wanted;
  if (chosen) throw contentInvalid(`${path}: another document under the same parent has slug "${wanted}"`);
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** The fields of a content type of the space, or 422 at `path` when the space has no such type. */
export async function typeFields(
  tx: Queryable,
  spaceId: string,
  type: string,
  path = 'type',
): Promise<FieldDef[]> {
  const res = await tx.query<{ fields: FieldDef[] }>(
    `select fields from content_types where space_id = $1 and kind = 'content' and name = $2`,
    [spaceId, type],
  );
  if (!res.rows[0]) throw contentInvalid(`${path}: no content type "${type}"`);
  return res.rows[0].fields;
}

/** Checks written fields as `verso import` does (core/space-format/document-fields.ts); 422 `content.invalid`. */
export async function assertFields(
  tx: Queryable,
  ctx: ProcedureContext,
  defs: FieldDef[],
  fields: unknown,
): Promise<void> {
  const values = await spaceValueContext(tx, ctx.space.id, fields, ctx.plugins);
  const problem = versionFieldsProblem(fields, defs, 'fields', values);
  if (problem) throw contentInvalid(problem);
}

/** The search text of a version (search fields and tag names), as content.publish and the import compute it. */
export async function versionSearchText(
  tx: Queryable,
  documentId: string,
  defs: FieldDef[],
  fields: Record<string, unknown>,
): Promise<string> {
  const tags = await tx.query<{ name: string }>(
    'select t.name from document_tags dt join tags t on t.id = dt.tag_id where dt.document_id = $1 order by dt.position',
    [documentId],
  );
  return searchText(
    fields,
    defs,
    tags.rows.map((t) => t.name),
  );
}

/**
 * Replaces a document's tags (creating tags new to the space). A tag slug the space names otherwise is refused,
 * as the import refuses it. Answers whether the list changed.
 */
export async function setTags(
  tx: Queryable,
  spaceId: string,
  documentId: string,
  tags: Array<{ name: string; slug: string }>,
): Promise<boolean> {
  const seen = new Set<string>();
  for (const [i, tag] of tags.entries()) {
    if (seen.has(tag.slug)) throw contentInvalid(`tags[${i}].slug: duplicate`);
    seen.add(tag.slug);
  }
  const known = await tx.query<{ slug: string; name: string }>(
    'select slug, name from tags where space_id = $1 and slug = any($2::text[])',
    [spaceId, tags.map((t) => t.slug)],
  );
  const names = new Map(known.rows.map((t) => [t.slug, t.name]));
  for (const [i, tag] of tags.entries()) {
    const name = names.get(tag.slug);
    if (name !== undefined && name !== tag.name)
      throw contentInvalid(`tags[${i}].name: tag "${tag.slug}" is named "${name}" elsewhere`);
  }
  const before = await tx.query<{ slug: string }>(
    'select t.slug from document_tags dt join tags t on t.id = dt.tag_id where dt.document_id = $1 order by dt.position',
    [documentId],
  );
  if (before.rows.map((r) => r.slug).join('\n') === tags.map((t) => t.slug).join('\n')) return false;
  await tx.query(
    `insert into tags (space_id, name, slug) select $1, x.name, x.slug
     from jsonb_to_recordset($2::jsonb) as x(name text, slug text) on conflict (space_id, slug) do nothing`,
    [spaceId, JSON.stringify(tags)],
  );
  await tx.query('delete from document_tags where document_id = $1', [documentId]);
  await tx.query(
    `insert into document_tags (document_id, tag_id, position)
     select $1, t.id, x.position from jsonb_to_recordset($3::jsonb) as x(slug text, position int)
     join tags t on t.space_id = $2 and t.slug = x.slug`,
    [documentId, spaceId, JSON.stringify(tags.map((t, position) => ({ slug: t.slug, position })))],
  );
  return true;
}

/** Raises a document's revision (every write of the content procedures does). 404 when it is not in the space. */
export async function bumpRevision(tx: Queryable, spaceId: string, id: string): Promise<number> {
  const res = await tx.query<{ revision: string }>(
    'update documents set revision = revision + 1 where id = $1 and space_id = $2 returning revision',
    [id, spaceId],
  );
  if (!res.rows[0]) throw new AppError('content.notFound');
  return Number(res.rows[0].revision);
}
