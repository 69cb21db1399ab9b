import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { type RawSpace, spaceColumns, toSpace } from '../../delivery/reader/space-query.ts';
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
    // The space, its website settings and its badge controls in one statement: a first visit of a site waited for
    // three round trips (issue 42).
    const res = await deps.db.query<
      RawSpace & {
        website: { environment: string; settings: Record<string, unknown> }[];
        controls: { key: string; value: unknown }[];
      }
    >(
      `select ${spaceColumns},
         (select coalesce(json_agg(json_build_object('environment', p.environment, 'settings', p.settings)), '[]'::json)
           from space_plugin_settings p where p.space_id = spaces.id and p.plugin_id = 'website') as website,
         (select coalesce(json_agg(json_build_object('key', c.key, 'value', c.value)), '[]'::json)
           from space_controls c where c.space_id = spaces.id and c.key = any($2::text[])) as controls
       from spaces where id = $1`,
      [spaceId, [BADGE_CONTROL, BADGE_TEXT_CONTROL, BADGE_LINK_CONTROL]],
    );
    const row = res.rows[0];
    if (!row) return { site: null };
    const space = toSpace(row);
    const production = row.website.find((r) => r.environment === 'production')?.settings ?? {};
    const { passwordHash, ...settings } = websiteSettingsSchema.parse(production);
    const environments: SiteInfo['environments'] = {};
    for (const r of row.website) {
      if (r.environment === 'production') continue;
      const id = r.settings.notFoundContentId;
      environments[r.environment] = { notFoundContentId: typeof id === 'string' ? id : null };
    }
    const control = (key: string) => row.controls.find((r) => r.key === key)?.value;
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
