import type { DeliveredDocument, ReadContext, Reader } from '../../delivery/reader/types.ts';
import { NOT_FOUND_TYPE } from '../designs/generated.ts';
import { say } from '../render/strings.ts';
import type { DomainRow, SiteInfo } from './types.ts';

/**
 * Step 6 of a page: what a 404 shows. On a staging domain its environment's own not-found
 * document (else the production one); elsewhere `notFoundContentId`; when that is unset or not
 * published in the locale, a generated "Page not found" page.
 */
export async function notFoundDocument(
  reader: Reader,
  ctx: ReadContext,
  args: { site: SiteInfo; domain: DomainRow; homeHref: string },
): Promise<DeliveredDocument> {
  const { site, domain } = args;
  const staging =
    domain.environment === 'production' ? null : site.environments[domain.environment]?.notFoundContentId;
  const id = staging ?? site.settings.notFoundContentId;
  // With what it names, as a page's document (gather-page-data.ts reads its related documents next).
  const configured = id ? await reader.byId(ctx, id, undefined, { related: true }) : null;
  return configured ?? generatedNotFound(ctx.locale, args.homeHref);
}

export function generatedNotFound(locale: string, homeHref: string): DeliveredDocument {
  return {
    id: NOT_FOUND_TYPE,
    type: NOT_FOUND_TYPE,
    title: say('notFoundTitle', locale),
    slug: '',
    permalink: '',
    locale,
    parentId: null,
    publishedAt: null,
    updatedAt: '',
    tags: [],
    fields: {
      text: say('notFoundText', locale),
      home: {
        url: homeHref,
        contentId: null,
        label: say('backHome', locale),
        target: '_self',
        href: homeHref,
      },
    },
  };
}
