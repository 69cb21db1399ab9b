import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import { passwordFingerprint } from '../access/access-cookie.ts';
import { websiteSettingsSchema } from '../plugin/website-section-schema.ts';
import { badgeContent } from '../render/badge.tsx';
import { spaceDomains } from './find-domain.ts';
import type { SiteInfo } from './types.ts';

export const BADGE_CONTROL = 'features.plugins.website.badge';
const BADGE_TEXT_CONTROL = 'plugins.website.badge.text';
const BADGE_LINK_CONTROL = 'plugins.website.badge.link';

/**
 * What a change of a site's settings, domains, mode, redirects or badge purges. Not `domains`: that one tag is
 * every site's, and with 10,000 sites in a process one domain change would drop them all. A domain change
 * purges `site:pages:<space>` of its space as well (procedures/website-domains.ts), a mode switch
 * `redirects:<space>`; the domains themselves come from the space directory, which `domains` keeps current.
 */
export function siteTags(spaceId: string): string[] {
  return [
    cacheTags.redirects(spaceId),
    cacheTags.design(spaceId),
    cacheTags.sitePagesOf(spaceId),
    cacheTags.controls(spaceId),
  ];
}

interface SiteEntry {
  site: SiteInfo | null;
}

/**
 * Step 2 of a page: the space of a host with its website settings, domains and badge switch.
 * Cached under `redirects:<space>` (a mode switch purges it), `design:<space>`
 * (publishing designs, changing settings or the password), `site:pages:<space>` (settings, a domain change) and
 * `controls:<space>` (the badge).
 */
export async function loadSite(
  deps: { db: Queryable; cache: TaggedCache; reader: Reader },
  spaceId: string,
): Promise<SiteInfo | null> {
  const entry = await deps.cache.getOrSet<SiteEntry>(`site:space:${spaceId}`, async (sink) => {
    sink.addTags(siteTags(spaceId));
    // Three reads at once, not one after another (a first visit of a site waits for them; issue 42).
    const [space, rows, badge] = await Promise.all([
      deps.reader.space(spaceId),
      deps.db.query<{ environment: string; settings: Record<string, unknown> }>(
        `select environment, settings from space_plugin_settings where space_id = $1 and plugin_id = 'website'`,
        [spaceId],
      ),
      deps.db.query<{ key: string; value: unknown }>(
        'select key, value from space_controls where space_id = $1 and key = any($2::text[])',
        [spaceId, [BADGE_CONTROL, BADGE_TEXT_CONTROL, BADGE_LINK_CONTROL]],
      ),
    ]);
    if (!space) return { site: null };
    const production = rows.rows.find((r) => r.environment === 'production')?.settings ?? {};
    const { passwordHash, ...settings } = websiteSettingsSchema.parse(production);
    const environments: SiteInfo['environments'] = {};
    for (const r of rows.rows) {
      if (r.environment === 'production') continue;
      const id = r.settings.notFoundContentId;
      environments[r.environment] = { notFoundContentId: typeof id === 'string' ? id : null };
    }
    const control = (key: string) => badge.rows.find((r) => r.key === key)?.value;
    const badgeOn = control(BADGE_CONTROL) === true;
    return {
      site: {
        space,
        settings,
        hasPassword: passwordHash !== null,
        passwordFingerprint: passwordHash === null ? null : passwordFingerprint(passwordHash),
        environments,
        domains: await spaceDomains(deps, spaceId),
        badge: badgeOn,
        ...(badgeOn
          ? { badgeContent: badgeContent(control(BADGE_TEXT_CONTROL), control(BADGE_LINK_CONTROL)) }
          : {}),
      },
    };
  });
  return entry.site;
}

/** A space the site serves: in `designed` mode, and not in the middle of an import. */
export function isServed(site: SiteInfo | null): site is SiteInfo {
  return !!site && site.settings.mode === 'designed' && !site.space.importRunning;
}
