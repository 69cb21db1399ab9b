import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import type { Plugin } from '../plugins.ts';
import type { FieldDef, TypeDef } from './field-defs.ts';
import { checkVersionFields, type IdPool, type ValueContext } from './field-values.ts';

/**
 * The check of one document version's fields that `verso import` and the content procedures share: the same
 * function (field-values.ts) over the same content model, so a value one refuses the other refuses too, at the
 * same path. Only where the ids come from differs: the space file, or the space's rows in the database.
 */
export function versionFieldsProblem(
  fields: unknown,
  defs: FieldDef[],
  path: string,
  ctx: ValueContext,
): string | undefined {
  return checkVersionFields(fields, defs, path, ctx);
}

/** The plugins' checks of a block's `ext.<key>` (e.g. the website plugin's design of a block). */
export function blockExtCheck(plugins: Plugin[]): NonNullable<ValueContext['checkBlockExt']> {
  return (key, value, path) => {
    const plugin = plugins.find((p) => p.spaceSection?.key === key);
    return plugin?.blockExt?.check(value, path);
  };
}

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idStrings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (uuidLike.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) for (const v of value) idStrings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) idStrings(v, into);
  return into;
}

const pool = (ids: Iterable<string>): IdPool => {
  const set = new Set(ids);
  return { has: (id) => set.has(id.toLowerCase()) };
};

/**
 * What fields written through a procedure may point at, read from the space: only the ids the fields name are
 * looked up (one statement), not every id of a 100k-document space; the block types of the content model.
 */
export async function spaceValueContext(
  db: Queryable,
  spaceId: string,
  fields: unknown,
  plugins: Plugin[],
): Promise<ValueContext> {
  const ids = [...idStrings(fields, new Set())];
  const found =
    ids.length === 0
      ? []
      : (
          await db.query<{ kind: string; id: string }>(
            `select 'd' as kind, id::text as id from documents where space_id = $1 and id = any($2::uuid[])
             union all select 'a', id::text from assets where space_id = $1 and id = any($2::uuid[])
             union all select 'u', id::text from users where space_id = $1 and id = any($2::uuid[])`,
            [spaceId, ids],
          )
        ).rows;
  const blocks = await db.query<TypeDef>(
    `select name, title, fields from content_types where space_id = $1 and kind = 'block'`,
    [spaceId],
  );
  const of = (kind: string) => found.filter((r) => r.kind === kind).map((r) => r.id);
  return {
    documents: pool(of('d')),
    assets: pool(of('a')),
    users: pool(of('u')),
    blockTypes: new Map(blocks.rows.map((t) => [t.name, t])),
    checkBlockExt: blockExtCheck(plugins),
  };
}

/** `fields.body.content[3].attrs.href` as the API's paths are written: `fields.body.content.3.attrs.href`. */
export function dottedPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1');
}

/** A problem (`path: message`) of a written document as 422 `content.invalid` naming its path. */
export function contentInvalid(problem: string): AppError {
  const cut = problem.indexOf(': ');
  const path = dottedPath(cut < 0 ? problem : problem.slice(0, cut));
  const message = cut < 0 ? 'invalid' : problem.slice(cut + 2);
  return new AppError('content.invalid', {
    message: `${path}: ${message}`,
    details: [{ key: 'validation.invalid', path, params: { message } }],
  });
}
