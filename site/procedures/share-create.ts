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
} from '../access/share-token.ts';
import { primaryDomain } from '../pipeline/site-urls.ts';
import type { DomainRow } from '../pipeline/types.ts';
import { readWebsiteSettings } from './settings-row.ts';

registerErrors({
  'plugins.website.share.noDomain': {
    kind: 'conflict',
    message: 'The site has no primary domain in this environment to share.',
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
 * for 60 s to 30 days (default a day). The link is a signed token (nothing is stored, so it cannot be
 * revoked before it expires except by rotating `AUTH_SECRET`), bound to the space and environment,
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
        details: [{ key: 'validation.invalid', path: 'environment' }],
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
    const token = signShareToken(instance.authSecret(), {
      s: spaceId,
      e: environment,
      ...(input.id ? { d: input.id } : {}),
      ...(input.id && locale ? { l: locale } : {}),
      x: expiry,
    });
    ctx.audit.target = input.id ?? 'site';
    ctx.audit.details = {
      environment,
      lifetimeSeconds: input.lifetimeSeconds,
      ...(locale ? { locale } : {}),
    };
    return {
      url: `${instance.siteOrigin(primary.host)}/_cms/share/${token}`,
      expiresAt: new Date(expiry * 1000).toISOString(),
    };
  },
});
