import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { DomainRow } from './types.ts';

interface DomainsEntry {
  rows: DomainRow[];
}

/** Built once per cached entry: the cache hands back the same object until `domains` is purged. */
const byHost = new WeakMap<DomainsEntry, Map<string, DomainRow>>();

/**
 * Every row of `website_domains`, cached under the tag `domains` (changing a domain or a space's
 * mode purges it). One small table for the whole instance, so one entry holds it all.
 */
export async function allDomains(deps: {
  db: Queryable;
  cache: TaggedCache;
}): Promise<Map<string, DomainRow>> {
  const entry = await deps.cache.getOrSet<DomainsEntry>('site:domains', async (sink) => {
    sink.addTags([cacheTags.domains]);
    const res = await deps.db.query<DomainRow>(
      `select host, space_id as "spaceId", "primary", redirect_to_primary as "redirectToPrimary", locale, environment
       from website_domains order by space_id, position, host`,
    );
    return { rows: res.rows };
  });
  let map = byHost.get(entry);
  if (!map) {
    map = new Map(entry.rows.map((r) => [r.host, r]));
    byHost.set(entry, map);
  }
  return map;
}

/** Step 1 of a page: the domain row of the request's host, or null (the neutral 404). */
export async function findDomain(
  deps: { db: Queryable; cache: TaggedCache },
  host: string,
): Promise<DomainRow | null> {
  return (await allDomains(deps)).get(host) ?? null;
}

/** The domains of one space, in their order. */
export async function spaceDomains(
  deps: { db: Queryable; cache: TaggedCache },
  spaceId: string,
): Promise<DomainRow[]> {
  return [...(await allDomains(deps)).values()].filter((d) => d.spaceId === spaceId);
}
