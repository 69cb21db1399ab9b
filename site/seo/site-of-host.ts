import type { Context } from 'hono';
import type { SiteDeps } from '../pipeline/deps.ts';
import { hostSite } from '../pipeline/host-site.ts';
import { isServed } from '../pipeline/load-site.ts';
import { requestTarget } from '../pipeline/request-target.ts';
import type { DomainRow, RequestTarget, SiteInfo } from '../pipeline/types.ts';

export interface HostSite {
  target: RequestTarget;
  domain: DomainRow;
  site: SiteInfo;
}

/** The served site of the request's host (steps 1 and 2 of a page), or null. */
export async function siteOfHost(c: Context, deps: SiteDeps): Promise<HostSite | null> {
  const target = requestTarget(c);
  const { domain, site } = await hostSite(deps, target.host);
  return domain && isServed(site) ? { target, domain, site } : null;
}

/** Search engines are kept out: indexing off, a site password, or a staging environment's domain. */
export function hiddenFromSearch(site: SiteInfo, domain: DomainRow): boolean {
  return !site.settings.indexing || site.hasPassword || domain.environment !== 'production';
}
