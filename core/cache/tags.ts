/**
 * Cache tag names, in one place so that readers (which record them) and publishers (which purge them)
 * agree. The site's page tags follow delivery-and-site.md ("Caching").
 */
export const cacheTags = {
  document: (id: string) => `doc:${id}`,
  asset: (id: string) => `asset:${id}`,
  /**
   * Whether published content names an asset, which makes it public (core/media/visibility.ts): carried by what
   * applies that rule (`/media`, `/v1/assets`), purged by the publishes, unpublishes and deletes that change it.
   */
  assetUse: (id: string) => `asset-use:${id}`,
  menu: (id: string) => `menu:${id}`,
  redirects: (spaceId: string) => `redirects:${spaceId}`,
  design: (spaceId: string) => `design:${spaceId}`,
  /**
   * Whatever any publish may change: lists of a space's documents (a publish may add one to any of them) and
   * "nothing here" at a permalink (a publish may put a document there). A page that shows a document carries the
   * tags of the documents it read instead (delivery/reader/reader.ts).
   */
  lists: (spaceId: string) => `lists:${spaceId}`,
  /**
   * Purged beside `lists` by a change that knows which lists it can touch (a publish: those of its document's type
   * in its locale), so that the purge journal's reader (the static export) need not take every list as changed.
   * Nothing carries it in the live cache: there every list carries `lists`, purged all the same.
   */
  listsOf: (spaceId: string, type: string, locale: string) => `lists:${spaceId}:${type}:${locale}`,
  /**
   * Beside `lists` on a 404 page that shows no list: its `lists` is its address's alone (which document a publish
   * puts there is not known). The static export asks for its 404 pages at an address no document can have, so a
   * purge of `lists` leaves those files as they were (site/export/build-manifest.ts). Nothing purges it.
   */
  listsAtAddress: (spaceId: string) => `lists-at-address:${spaceId}`,
  /** The content model of every space (bumped by a registry reload). */
  registry: 'registry',
  domains: 'domains',
  sitePages: 'site:pages',
  sitePagesOf: (spaceId: string) => `site:pages:${spaceId}`,
  /**
   * A space's sitemap entries alone (with the tags of every page they list): the static export drops them once it
   * has the sitemap's files (at 100,000 pages they held some 100 MB of its memory to the end of the build).
   */
  sitemap: (spaceId: string) => `sitemap:${spaceId}`,
  /** A space's controls as read by the rate limiter (its per-space rules); purged by `/control/v1`. */
  controls: (spaceId: string) => `controls:${spaceId}`,
} as const;
