import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure, type ProcedureContext } from '../rpc/procedure.ts';
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

const fromPath = z.string().regex(/^\/\S*$/, 'must be a path starting with /');
const toPath = z.string().min(1).refine(isSafeUrl, 'must be a path or an http(s) address').nullable();
const status = z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]);
const oneTarget = {
  message: 'needs exactly one of toPath or contentId',
  test: (r: { toPath: string | null; contentId: string | null }) =>
    (r.toPath === null) !== (r.contentId === null),
};

/** The same rules as the space file's redirects: a path, one target (`toPath` or `contentId`), a 3xx status. */
const newRedirect = z
  .strictObject({
    space: spaceName,
    locale: localeName,
    fromPath,
    toPath: toPath.default(null),
    contentId: documentId.nullable().default(null),
    status: status.default(301),
  })
  .refine(oneTarget.test, { message: oneTarget.message });

async function assertDocument(ctx: ProcedureContext, contentId: string | null): Promise<void> {
  if (!contentId) return;
  const doc = await ctx.db.query('select 1 from documents where id = $1 and space_id = $2', [
    contentId,
    ctx.space.id,
  ]);
  if (doc.rows.length > 0) return;
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

export const redirectsCreate = defineProcedure({
  name: 'redirects.create',
  permission: 'space:write',
  input: newRedirect,
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    await assertDocument(ctx, input.contentId);
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

/**
 * Changes a redirect: the fields given replace the stored ones, and the result must pass the rules of a new
 * one (one target; giving `toPath` clears `contentId` and the other way round). Nothing changes on a refusal.
 */
export const redirectsUpdate = defineProcedure({
  name: 'redirects.update',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    id: z.uuid({ message: 'must be a UUID' }),
    locale: localeName.optional(),
    fromPath: fromPath.optional(),
    toPath: toPath.optional(),
    contentId: documentId.nullable().optional(),
    status: status.optional(),
  }),
  async run(ctx, input) {
    const found = await ctx.db.query<RedirectRow>(
      'select id, locale, from_path, to_path, status, content_id from redirects where id = $1 and space_id = $2',
      [input.id, ctx.space.id],
    );
    const current = found.rows[0];
    if (!current) throw new AppError('redirect.notFound');
    const retarget = input.toPath !== undefined || input.contentId !== undefined;
    const next = {
      locale: input.locale ?? current.locale,
      fromPath: input.fromPath ?? current.from_path,
      toPath: retarget ? (input.toPath ?? null) : current.to_path,
      contentId: retarget ? (input.contentId ?? null) : current.content_id,
      status: input.status ?? current.status,
    };
    if (!oneTarget.test(next)) {
      throw new AppError('validation.failed', {
        details: [{ key: 'validation.invalid', path: 'toPath', params: { message: oneTarget.message } }],
      });
    }
    assertLocale(ctx.space, next.locale);
    await assertDocument(ctx, next.contentId);
    const res = await ctx.db.query<RedirectRow>(
      `update redirects set locale = $3, from_path = $4, to_path = $5, status = $6, content_id = $7
       where id = $1 and space_id = $2
       and not exists (select 1 from redirects o where o.space_id = $2 and o.locale = $3 and o.from_path = $4 and o.id <> $1)
       returning id, locale, from_path, to_path, status, content_id`,
      [input.id, ctx.space.id, next.locale, next.fromPath, next.toPath, next.status, next.contentId],
    );
    if (!res.rows[0]) throw new AppError('redirect.exists');
    await ctx.cache.purgeTags([cacheTags.redirects(ctx.space.id)]);
    ctx.audit.target = input.id;
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
