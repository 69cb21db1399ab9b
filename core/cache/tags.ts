/**
 * Cache tag names, in one place so that readers (which record them) and publishers (which purge them)
 * agree. The site's page tags follow delivery-and-site.md ("Caching").
 */
export const cacheTags = {
  document: (id: string) => `doc:${id}`,
  asset: (id: string) => `asset:${id}`,
  menu: (id: string) => `menu:${id}`,
  redirects: (spaceId: string) => `redirects:${spaceId}`,
  design: (spaceId: string) => `design:${spaceId}`,
  /** Any list of a space's documents: a publish may add a document to any list. */
  lists: (spaceId: string) => `lists:${spaceId}`,
  /** The content model of every space (bumped by a registry reload). */
  registry: 'registry',
  domains: 'domains',
  sitePages: 'site:pages',
  sitePagesOf: (spaceId: string) => `site:pages:${spaceId}`,
  /** A space's controls as read by the rate limiter (its per-space rules); purged by `/control/v1`. */
  controls: (spaceId: string) => `controls:${spaceId}`,
} as const;
