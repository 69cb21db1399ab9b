import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { isSafeUrl } from '../space-format/safe-url.ts';
import './errors.ts';
import { assertLocale, documentId, localeName, spaceName } from './inputs.ts';

interface RedirectRow {
  id: string;
  locale: string;
  from_path: string;
  to_path: string | null;
  status: number;
  content_id: string | null;
}

const shape = (r: RedirectRow) => ({
  id: r.id,
  locale: r.locale,
  fromPath: r.from_path,
  toPath: r.to_path,
  status: r.status,
  contentId: r.content_id,
});

export const redirectsList = defineProcedure({
  name: 'redirects.list',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName, locale: localeName.optional() }),
  async run(ctx, input) {
    const res = await ctx.db.query<RedirectRow>(
      `select id, locale, from_path, to_path, status, content_id from redirects
       where space_id = $1 and ($2::text is null or locale = $2) order by position, from_path`,
      [ctx.space.id, input.locale ?? null],
    );
    return { items: res.rows.map(shape) };
  },
});

/** The same rules as the space file's redirects: a path, one target (`toPath` or `contentId`), a 3xx status. */
const newRedirect = z
  .strictObject({
    space: spaceName,
    locale: localeName,
    fromPath: z.string().regex(/^\/\S*$/, 'must be a path starting with /'),
    toPath: z
      .string()
      .min(1)
      .refine(isSafeUrl, 'must be a path or an http(s) address')
      .nullable()
      .default(null),
    contentId: documentId.nullable().default(null),
    status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(301),
  })
  .refine((r) => (r.toPath === null) !== (r.contentId === null), {
    message: 'needs exactly one of toPath or contentId',
  });

export const redirectsCreate = defineProcedure({
  name: 'redirects.create',
  permission: 'space:write',
  input: newRedirect,
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    if (input.contentId) {
      const doc = await ctx.db.query('select 1 from documents where id = $1 and space_id = $2', [
        input.contentId,
        ctx.space.id,
      ]);
      if (doc.rows.length === 0) {
        throw new AppError('validation.failed', {
          details: [
            {
              key: 'validation.invalid',
              path: 'contentId',
              params: { message: 'no document with this id in the space' },
            },
          ],
        });
      }
    }
    const res = await ctx.db.query<RedirectRow>(
      `insert into redirects (space_id, locale, from_path, to_path, status, content_id, position)
       values ($1, $2, $3, $4, $5, $6, (select coalesce(max(position), -1) + 1 from redirects where space_id = $1))
       on conflict (space_id, locale, from_path) do nothing
       returning id, locale, from_path, to_path, status, content_id`,
      [ctx.space.id, input.locale, input.fromPath, input.toPath, input.status, input.contentId],
    );
    if (!res.rows[0]) throw new AppError('redirect.exists');
    await ctx.cache.purgeTags([cacheTags.redirects(ctx.space.id)]);
    ctx.audit.target = res.rows[0].id;
    return shape(res.rows[0]);
  },
});

export const redirectsDelete = defineProcedure({
  name: 'redirects.delete',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, id: z.uuid({ message: 'must be a UUID' }) }),
  async run(ctx, input) {
    const res = await ctx.db.query<RedirectRow>(
      'delete from redirects where id = $1 and space_id = $2 returning id, locale, from_path, to_path, status, content_id',
      [input.id, ctx.space.id],
    );
    if (!res.rows[0]) throw new AppError('redirect.notFound');
    await ctx.cache.purgeTags([cacheTags.redirects(ctx.space.id)]);
    ctx.audit.target = input.id;
    ctx.audit.details = { locale: res.rows[0].locale, fromPath: res.rows[0].from_path };
    return { id: input.id, deleted: true };
  },
});
