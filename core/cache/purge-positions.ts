import type { Db } from '../db/types.ts';
import { readRoutingOf } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { TaggedCache } from './tagged-cache.ts';

/**
 * Every purge this process makes carries the primary's WAL position, read after the change it follows has
 * committed (changes commit before they purge), so that processes reading from replicas (core/db/replicas/)
 * wait for exactly that position. Read per purge, not per read: a publish pays one `pg_current_wal_lsn()`.
 * A position that cannot be read leaves the purge without one, which readers take as "the primary's position
 * when heard": later, so never too early. Within this process the position is required at once, before the
 * purge goes out: without Redis nothing comes back.
 */
export function purgesWithWalPosition(cache: TaggedCache, db: Db, log: Logger): TaggedCache {
  const routing = readRoutingOf(db);
  return {
    ...cache,
    getOrSet: cache.getOrSet.bind(cache),
    async purgeTags(tags, options) {
      if (tags.length === 0) return cache.purgeTags(tags, options);
      let walLsn = options?.walLsn;
      if (walLsn === undefined) {
        walLsn = await db
          .query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
          .then((res) => res.rows[0]?.lsn)
          .catch((err: unknown) => {
            log.warn({ err: (err as Error).message }, 'purge sent without its WAL position');
            return undefined;
          });
      }
      routing?.require(walLsn);
      return cache.purgeTags(tags, walLsn === undefined ? options : { ...options, walLsn });
    },
  };
}
