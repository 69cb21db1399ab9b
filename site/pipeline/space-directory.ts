import { randomUUID } from 'node:crypto';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { DomainRow } from './types.ts';

/** The cache key of the directory's generation: what a purge of `domains` drops in every process. */
export const DIRECTORY_KEY = 'site:directory';

/**
 * How long a generation is trusted without a purge (a day). Purges keep the directory current; the lifetime
 * only bounds how long a purge lost with Redis's connection could go unseen (the cache empties its front layer
 * then anyway, purge-acks.ts).
 */
export const DIRECTORY_TTL_SECONDS = 86_400;

interface Loaded {
  generation: string;
  byHost: Map<string, DomainRow>;
  bySpace: Map<string, DomainRow[]>;
}

/**
 * Which space each host serves, for the whole instance, in this process's memory: host → domain row and
 * space → its domains, each one Map lookup however many spaces there are (issue 42: 10,000 sites in one
 * process). It is kept current by purges, not by re-reading: the cache holds a generation under `domains`
 * (a domain change or a mode switch purges it, in every process through the cache's purge channel); while the
 * cache answers the generation the directory was read for, the directory is answered as it is. A purge, or a
 * generation another process made after one, reads the table again (one query; 40,000 domains in ~60 ms).
 */
export class SpaceDirectory {
  #loaded: Loaded | undefined;
  #loading: Promise<Loaded> | undefined;
  /** Tables read by this process's own computation of a generation, handed to `current` without a second read. */
  readonly #read = new Map<string, Promise<DomainRow[]>>();

  constructor(private readonly deps: { db: Queryable; cache: TaggedCache }) {}

  async #rows(): Promise<DomainRow[]> {
    const res = await this.deps.db.query<DomainRow>(
      `select host, space_id as "spaceId", "primary", redirect_to_primary as "redirectToPrimary", locale, environment
       from website_domains order by space_id, position, host`,
    );
    return res.rows;
  }

  async #current(): Promise<Loaded> {
    const generation = await this.deps.cache.getOrSet<string>(
      DIRECTORY_KEY,
      async (sink) => {
        sink.addTags([cacheTags.domains]);
        const made = randomUUID();
        // Read here, after the computation started: a purge during the read makes the cache compute again.
        const rows = this.#rows();
        this.#read.set(made, rows);
        await rows;
        return made;
      },
      { ttlSeconds: DIRECTORY_TTL_SECONDS },
    );
    const loaded = this.#loaded;
    if (loaded?.generation === generation) return loaded;
    if (this.#loading) {
      const pending = await this.#loading;
      if (pending.generation === generation) return pending;
    }
    this.#loading = (async () => {
      const rows = await (this.#read.get(generation) ?? this.#rows());
      this.#read.clear();
      const byHost = new Map<string, DomainRow>();
      const bySpace = new Map<string, DomainRow[]>();
      for (const row of rows) {
        byHost.set(row.host, row);
        const list = bySpace.get(row.spaceId);
        if (list) list.push(row);
        else bySpace.set(row.spaceId, [row]);
      }
      const next = { generation, byHost, bySpace };
      this.#loaded = next;
      return next;
    })().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  /** The domain row of a host, or null. */
  async host(host: string): Promise<DomainRow | null> {
    return (await this.#current()).byHost.get(host) ?? null;
  }

  /** The domains of one space, in their order. */
  async spaceDomains(spaceId: string): Promise<DomainRow[]> {
    return (await this.#current()).bySpace.get(spaceId) ?? [];
  }

  /** Every domain row by host. */
  async all(): Promise<Map<string, DomainRow>> {
    return (await this.#current()).byHost;
  }
}

/** One directory per cache (so per process): every part of the site that asks shares it. */
const directories = new WeakMap<TaggedCache, SpaceDirectory>();

export function spaceDirectory(deps: { db: Queryable; cache: TaggedCache }): SpaceDirectory {
  let directory = directories.get(deps.cache);
  if (!directory) {
    directory = new SpaceDirectory(deps);
    directories.set(deps.cache, directory);
  }
  return directory;
}
