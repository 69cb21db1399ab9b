import type { Queryable } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { TaggedCache } from './tagged-cache.ts';

/**
 * Every purge a process makes is also written to `purge_journal`, so that a later reader (the static
 * export's `--incremental`) knows which tags changed since it last looked. The row is written beside the
 * purge, not before it: a journal that cannot be written (database down) never fails or delays a purge
 * beyond the insert; it is logged, and the next build of a folder whose journal has a gap builds in full.
 */
export function journalPurges(cache: TaggedCache, db: Queryable, log: Logger): TaggedCache {
  return {
    ...cache,
    getOrSet: cache.getOrSet.bind(cache),
    async purgeTags(tags) {
      const unique = [...new Set(tags)];
      if (unique.length === 0) return cache.purgeTags(tags);
      const written = db
        .query('insert into purge_journal (tags) values ($1)', [unique])
        .catch((err: unknown) =>
          log.warn({ err: (err as Error).message, tags: unique }, 'purge journal not written'),
        );
      await Promise.all([cache.purgeTags(tags), written]);
    },
  };
}

/** The newest journal entry's id (0 when empty). */
export async function journalHead(db: Queryable): Promise<number> {
  const res = await db.query<{ id: string | null }>('select max(id)::text as id from purge_journal');
  return Number(res.rows[0]?.id ?? 0);
}

/** What was purged between two journal positions. */
export interface Purged {
  tags: Set<string>;
  /**
   * The `lists:<space>` tags of purges that did not name which lists changed (`cacheTags.listsOf`): every list of
   * those spaces may have. A `lists:<space>` tag in `tags` alone, without one here, means that each purge of it
   * named its lists (a publish: the lists of its document's type in its locale), and only those changed.
   */
  everyList: Set<string>;
}

/**
 * The tags purged after entry `since`, up to `head`; null when the journal cannot tell (entries after `since`
 * were trimmed by housekeeping, or the journal is older than `since`: another database). An entry written before
 * purges named their lists has none of those tags, so its `lists:<space>` counts as every list.
 */
export async function purgedSince(db: Queryable, since: number, head: number): Promise<Purged | null> {
  if (head < since) return null;
  const res = await db.query<{ tags: string[]; every: string[]; first: string | null }>(
    `select coalesce(array_agg(distinct t), '{}') as tags,
            coalesce(array_agg(distinct t) filter (
              where t ~ '^lists:[^:]+$' and not exists (select 1 from unnest(j.tags) n where starts_with(n, t || ':'))
            ), '{}') as every,
            (select min(id)::text from purge_journal) as first
     from purge_journal j, unnest(j.tags) as t where j.id > $1 and j.id <= $2`,
    [since, head],
  );
  // Entries right after `since` are gone (trimmed): the journal cannot tell what changed.
  const first = Number(res.rows[0]?.first ?? head + 1);
  if (since > 0 && first > since + 1) return null;
  return { tags: new Set(res.rows[0]?.tags ?? []), everyList: new Set(res.rows[0]?.every ?? []) };
}

/** Housekeeping: deletes journal entries older than `days`; resolves to how many. */
export async function trimPurgeJournal(db: Queryable, days = 30): Promise<number> {
  const res = await db.query<{ id: string }>(
    `delete from purge_journal where at < now() - make_interval(days => $1) returning id`,
    [days],
  );
  return res.rows.length;
}
