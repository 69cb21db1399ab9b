import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../core/errors/app-error.ts';
import { registerErrors } from '../../core/errors/catalogue.ts';
import { assertLocale, documentId, localeName, spaceName } from '../../core/procedures/inputs.ts';
import { defineProcedure } from '../../core/rpc/procedure.ts';
import {
  SHARE_DEFAULT_SECONDS,
  SHARE_MAX_SECONDS,
  SHARE_MIN_SECONDS,
  signShareToken,
  verifyShareToken,
} from '../access/share-token.ts';
import { primaryDomain } from '../pipeline/site-urls.ts';
import type { DomainRow } from '../pipeline/types.ts';
import { readWebsiteSettings } from './settings-row.ts';

registerErrors({
  'plugins.website.share.noDomain': {
    kind: 'conflict',
    message: 'The site has no primary domain in this environment to share.',
  },
  'plugins.website.share.notFound': {
    kind: 'not_found',
    message: 'No live share link of this space at that address (it may have expired).',
  },
  'plugins.website.share.notDesigned': {
    kind: 'conflict',
    message: 'The space has no designed site (website mode is external).',
  },
});

const shareInput = z.strictObject({
  space: spaceName,
  /** One document; absent: the whole site (every draft and the draft designs). */
  id: documentId.optional(),
  /** The document's locale the link opens (default: the space's default language when the document has it). */
  locale: localeName.optional(),
  /** `production` or a staging environment: the link opens only on that environment's hosts. */
  environment: z.string().min(1).max(64).optional(),
  lifetimeSeconds: z
    .number()
    .int()
    .min(SHARE_MIN_SECONDS)
    .max(SHARE_MAX_SECONDS)
    .default(SHARE_DEFAULT_SECONDS),
});

/**
 * `plugins.website.share.create`: a share link to preview drafts, of one document or the whole site,
 * for 60 s to 30 days (default a day). The link is a signed token with an id (nothing is stored; revoking
 * it stores its id, `plugins.website.share.revoke`), bound to the space and environment,
 * on the primary domain of the document's locale. Needs `space:write`: a link shows drafts to anyone
 * who holds it.
 */
export const shareCreate = defineProcedure({
  name: 'plugins.website.share.create',
  permission: 'space:write',
  input: shareInput,
  async run(ctx, input) {
    const instance = ctx.instance;
    if (!instance) throw new AppError('internal.error', { message: 'share links need the auth secret' });
    const spaceId = ctx.space.id;
    const environment = input.environment ?? 'production';
    if (input.locale) assertLocale(ctx.space, input.locale);
    const settings = await readWebsiteSettings(ctx.db, spaceId);
    if (settings.mode !== 'designed') throw new AppError('plugins.website.share.notDesigned');

    let locale = input.locale;
    if (input.id) {
      const versions = await ctx.db.query<{ locale: string }>(
        `select distinct v.locale from documents d join document_versions v on v.document_id = d.id
         where d.id = $1 and d.space_id = $2`,
        [input.id, spaceId],
      );
      const has = versions.rows.map((r) => r.locale);
      if (has.length === 0 || (locale && !has.includes(locale))) throw new AppError('content.notFound');
      locale ??= has.includes(ctx.space.defaultLocale) ? ctx.space.defaultLocale : has.sort()[0];
    }

    const domains = await ctx.db.query<DomainRow>(
      `select host, space_id as "spaceId", "primary", redirect_to_primary as "redirectToPrimary", locale, environment
       from website_domains where space_id = $1 order by position, host`,
      [spaceId],
    );
    if (environment !== 'production' && !domains.rows.some((d) => d.environment === environment)) {
      throw new AppError('plugins.website.environment.notFound', {
        details: [
          {
            key: 'validation.invalid',
            path: 'environment',
            params: { message: 'not an environment of the site' },
          },
        ],
      });
    }
    // The environment's primary domain for the locale, else any of its domains that serves it (staging hosts).
    const primary =
      primaryDomain(domains.rows, locale ?? null, environment) ??
      domains.rows.find(
        (d) =>
          d.environment === environment && !d.redirectToPrimary && (d.locale === null || d.locale === locale),
      );
    if (!primary) throw new AppError('plugins.website.share.noDomain');

    const expiry = Math.floor(Date.now() / 1000) + input.lifetimeSeconds;
    const id = randomBytes(8).toString('hex');
    const token = signShareToken(instance.authSecret(), {
      i: id,
      s: spaceId,
      e: environment,
      ...(input.id ? { d: input.id } : {}),
      ...(input.id && locale ? { l: locale } : {}),
      x: expiry,
    });
    ctx.audit.target = input.id ?? 'site';
    ctx.audit.details = {
      link: id,
      environment,
      lifetimeSeconds: input.lifetimeSeconds,
      ...(locale ? { locale } : {}),
    };
    return {
      id,
      url: `${instance.siteOrigin(primary.host)}/_cms/share/${token}`,
      expiresAt: new Date(expiry * 1000).toISOString(),
    };
  },
});

/**
 * `plugins.website.share.revoke`: ends a share link before it expires, by its `id` (from `.create`) or its
 * `url`. Opening the link and every preview cookie it set stop working at once (each request with a share
 * token asks). Needs `space:write`, as creating one does.
 */
export const shareRevoke = defineProcedure({
  name: 'plugins.website.share.revoke',
  permission: 'space:write',
  input: z
    .strictObject({
      space: spaceName,
      id: z
        .string()
        .regex(/^[0-9a-f]{16,32}$/, 'expected the id that share.create answered')
        .optional(),
      url: z.string().max(4096).optional(),
    })
    .refine((v) => (v.id === undefined) !== (v.url === undefined), 'give either id or url'),
  async run(ctx, input) {
    let id = input.id;
    let expiresAt = new Date(Date.now() + SHARE_MAX_SECONDS * 1000);
    if (input.url !== undefined) {
      const token = /\/_cms\/share\/([^/?#]+)/.exec(input.url)?.[1] ?? input.url;
      const payload = ctx.instance ? verifyShareToken(ctx.instance.authSecret(), token) : null;
      if (!payload || payload.s !== ctx.space.id || !payload.i) {
        throw new AppError('plugins.website.share.notFound', {
          details: [
            { key: 'validation.invalid', path: 'url', params: { message: 'not a share link of this space' } },
          ],
        });
      }
      id = payload.i;
      expiresAt = new Date(payload.x * 1000);
    }
    await ctx.db.query(
      `insert into website_share_revocations (space_id, link_id, expires_at) values ($1, $2, $3)
       on conflict (space_id, link_id) do nothing`,
      [ctx.space.id, id, expiresAt],
    );
    ctx.audit.target = id;
    return { revoked: true, id };
  },
});
