import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Queryable } from '../../core/db/types.ts';
import { spaceDirectory } from './space-directory.ts';
import type { DomainRow } from './types.ts';

/**
 * Every row of `website_domains` by host, from the process's space directory (space-directory.ts), which
 * purges of `domains` keep current.
 */
export function allDomains(deps: { db: Queryable; cache: TaggedCache }): Promise<Map<string, DomainRow>> {
  return spaceDirectory(deps).all();
}

/** Step 1 of a page: the domain row of the request's host, or null (the neutral 404). */
export function findDomain(
  deps: { db: Queryable; cache: TaggedCache },
  host: string,
): Promise<DomainRow | null> {
  return spaceDirectory(deps).host(host);
}

/** The domains of one space, in their order. */
export function spaceDomains(
  deps: { db: Queryable; cache: TaggedCache },
  spaceId: string,
): Promise<DomainRow[]> {
  return spaceDirectory(deps).spaceDomains(spaceId);
}
