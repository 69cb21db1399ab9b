import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import { findDomain } from './find-domain.ts';
import { loadSite, siteTags } from './load-site.ts';
import type { DomainRow, SiteInfo } from './types.ts';

export interface HostSite {
  domain: DomainRow | null;
  site: SiteInfo | null;
}

/**
 * Steps 1 and 2 of a page in one cache lookup per host (a cached page then costs two): the
 * domain row of the host and its space's site. Tagged like both parts, so a change of domains,
 * settings, mode, redirects or badge reaches it. Kept in this process only: the domain comes from the process's
 * space directory and the site from its own shared entry, so through Redis it was one read, one write and one
 * bus message more on every first visit of a host (issue 42), for nothing another process could not make as
 * cheaply.
 */
export function hostSite(
  deps: { db: Queryable; cache: TaggedCache; reader: Reader },
  host: string,
): Promise<HostSite> {
  return deps.cache.getOrSet<HostSite>(
    `site:host:${host}`,
    async (sink) => {
      sink.addTags([cacheTags.domains]);
      const domain = await findDomain(deps, host);
      if (!domain) return { domain: null, site: null };
      sink.addTags(siteTags(domain.spaceId));
      return { domain, site: await loadSite(deps, domain.spaceId) };
    },
    { local: true },
  );
}
