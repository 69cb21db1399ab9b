import type { TaggedCache } from '../cache/tagged-cache.ts';
import { cacheTags } from '../cache/tags.ts';
import type { Queryable } from '../db/types.ts';
import { overridesFromControls, type RuleOverrides } from '../rate-limit/rules.ts';

/**
 * A space's rate-rule overrides (`rateLimit.<rule>.*` controls), kept in the tagged cache (this process's layer)
 * so that a counted request costs no query; `/control/v1` purges them when they change (in every process with Redis;
 * without it other processes see the change within a minute).
 */
export function spaceRateOverrides(args: {
  db: Queryable;
  cache: TaggedCache;
}): (spaceId: string) => RuleOverrides | Promise<RuleOverrides> {
  // The same key string each time: built and hashed once per space, not per counted request.
  const keys = new Map<string, string>();
  return (spaceId) => {
    let key = keys.get(spaceId);
    if (key === undefined) {
      if (keys.size >= 10_000) keys.clear();
      key = `controls:rate:${spaceId}`;
      keys.set(spaceId, key);
    }
    // Every counted request asks: a kept value is answered at once, without the cache's asynchronous path.
    const kept = args.cache.peek?.(key);
    if (kept !== undefined) return kept as RuleOverrides;
    return args.cache.getOrSet(
      key,
      async (sink) => {
        sink.addTags([cacheTags.controls(spaceId)]);
        const res = await args.db.query<{ key: string; value: unknown }>(
          `select key, value from space_controls where space_id = $1 and key like 'rateLimit.%'`,
          [spaceId],
        );
        return overridesFromControls(Object.fromEntries(res.rows.map((r) => [r.key, r.value])));
      },
      // Without Redis a change made elsewhere is seen when this runs out. In this process only: one indexed
      // query, where sharing it cost a Redis read before the request was counted, then a write and a note to the
      // other processes, on every first request to a space (issue 42).
      { ttlSeconds: 60, local: true },
    );
  };
}
