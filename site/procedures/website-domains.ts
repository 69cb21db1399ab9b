import { z } from 'zod';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { assertLocale, localeName, spaceName } from '../../core/procedures/inputs.ts';
import { defineProcedure, type ProcedureContext } from '../../core/rpc/procedure.ts';

interface DomainRow {
  host: string;
  primary: boolean;
  redirect_to_primary: boolean;
  locale: string | null;
  environment: string;
}

const shape = (d: DomainRow) => ({
  host: d.host,
  primary: d.primary,
  redirectToPrimary: d.redirect_to_primary,
  locale: d.locale,
  environment: d.environment,
});

/** A host as `website_domains` keeps it: lower case, no port, no trailing dot. */
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((h) => h.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
        'must be a host name without port',
      ),
  );
const environmentName = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be [a-z0-9-]+');
const domainFields = {
  primary: z.boolean().optional(),
  redirectToPrimary: z.boolean().optional(),
  locale: localeName.nullable().optional(),
  environment: environmentName.optional(),
};

const columns = 'host, "primary", redirect_to_primary, locale, environment';

async function assertEnvironment(db: Queryable, spaceId: string, environment: string): Promise<void> {
  if (environment === 'production') return;
  const res = await db.query(
    `select 1 from space_plugin_settings where space_id = $1 and plugin_id = 'website' and environment = $2`,
    [spaceId, environment],
  );
  if (res.rows.length === 0) {
    throw new AppError('plugins.website.environment.notFound', {
      details: [
        { key: 'plugins.website.environment.notFound', path: 'environment', params: { environment } },
      ],
    });
  }
}

/** One primary per space, environment and locale: a new primary demotes the old one. */
async function demoteOtherPrimaries(db: Queryable, spaceId: string, d: DomainRow): Promise<void> {
  if (!d.primary) return;
  await db.query(
    `update website_domains set "primary" = false
     where space_id = $1 and environment = $2 and locale is not distinct from $3 and host <> $4 and "primary"`,
    [spaceId, d.environment, d.locale, d.host],
  );
}

/**
 * Domain changes purge `domains` (the space directory and host lookup of every site process) and the space's
 * own pages and site (`site:pages:<spaceId>`: canonical addresses name its primaries), never another space's
 * pages; a change that involves a redirect-to-primary domain, or moves the primary it redirects to, also purges
 * `redirects:<spaceId>`.
 */
async function purgeFor(
  ctx: ProcedureContext,
  rows: Array<DomainRow | undefined>,
  primaryMoved: boolean,
): Promise<void> {
  const tags: string[] = [cacheTags.domains, cacheTags.sitePagesOf(ctx.space.id)];
  if (primaryMoved || rows.some((r) => r?.redirect_to_primary)) tags.push(cacheTags.redirects(ctx.space.id));
  await ctx.cache.purgeTags(tags);
}

export const domainsList = defineProcedure({
  name: 'plugins.website.domains.list',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    const res = await ctx.db.query<DomainRow>(
      `select ${columns} from website_domains where space_id = $1 order by position, host`,
      [ctx.space.id],
    );
    return { items: res.rows.map(shape) };
  },
});

export const domainsCreate = defineProcedure({
  name: 'plugins.website.domains.create',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, host: hostName, ...domainFields }),
  async run(ctx, input) {
    const row: DomainRow = {
      host: input.host,
      primary: input.primary ?? false,
      redirect_to_primary: input.redirectToPrimary ?? false,
      locale: input.locale ?? null,
      environment: input.environment ?? 'production',
    };
    if (row.locale) assertLocale(ctx.space, row.locale);
    await assertEnvironment(ctx.db, ctx.space.id, row.environment);
    await ctx.db.transaction(async (tx) => {
      const res = await tx.query(
        `insert into website_domains (host, space_id, "primary", redirect_to_primary, locale, environment, position)
         values ($1, $2, $3, $4, $5, $6, (select coalesce(max(position), -1) + 1 from website_domains where space_id = $2))
         on conflict (host) do nothing returning host`,
        [row.host, ctx.space.id, row.primary, row.redirect_to_primary, row.locale, row.environment],
      );
      if (res.rows.length === 0) throw new AppError('plugins.website.domain.exists');
      await demoteOtherPrimaries(tx, ctx.space.id, row);
    });
    await purgeFor(ctx, [row], row.primary);
    ctx.audit.target = row.host;
    return shape(row);
  },
});

async function existing(db: Queryable, spaceId: string, host: string, lock = false): Promise<DomainRow> {
  const res = await db.query<DomainRow>(
    `select ${columns} from website_domains where host = $1 and space_id = $2${lock ? ' for update' : ''}`,
    [host, spaceId],
  );
  if (!res.rows[0]) throw new AppError('plugins.website.domain.notFound');
  return res.rows[0];
}

export const domainsUpdate = defineProcedure({
  name: 'plugins.website.domains.update',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, host: hostName, ...domainFields }),
  async run(ctx, input) {
    if (input.locale) assertLocale(ctx.space, input.locale);
    if (input.environment) await assertEnvironment(ctx.db, ctx.space.id, input.environment);
    const { before, after } = await ctx.db.transaction(async (tx) => {
      const current = await existing(tx, ctx.space.id, input.host, true);
      const next: DomainRow = {
        host: current.host,
        primary: input.primary ?? current.primary,
        redirect_to_primary: input.redirectToPrimary ?? current.redirect_to_primary,
        locale: input.locale === undefined ? current.locale : input.locale,
        environment: input.environment ?? current.environment,
      };
      await tx.query(
        `update website_domains set "primary" = $2, redirect_to_primary = $3, locale = $4, environment = $5 where host = $1`,
        [next.host, next.primary, next.redirect_to_primary, next.locale, next.environment],
      );
      await demoteOtherPrimaries(tx, ctx.space.id, next);
      return { before: current, after: next };
    });
    const primaryMoved =
      before.primary !== after.primary ||
      (after.primary && (before.locale !== after.locale || before.environment !== after.environment));
    await purgeFor(ctx, [before, after], primaryMoved);
    ctx.audit.target = after.host;
    return shape(after);
  },
});

export const domainsDelete = defineProcedure({
  name: 'plugins.website.domains.delete',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, host: hostName }),
  async run(ctx, input) {
    const gone = await ctx.db.transaction(async (tx) => {
      const row = await existing(tx, ctx.space.id, input.host, true);
      await tx.query('delete from website_domains where host = $1', [row.host]);
      return row;
    });
    await purgeFor(ctx, [gone], gone.primary);
    ctx.audit.target = gone.host;
    return { host: gone.host, deleted: true };
  },
});
