import type { Context } from 'hono';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { FontRole, Theme } from '../../core/designs/index.ts';
import type { Logger } from '../../core/log.ts';
import type { DeliveredBlock, ReadContext, Reader } from '../../delivery/reader/types.ts';
import type { FormResult } from '../render/context.ts';
import type { LoadedDesigns } from './load-designs.ts';
import type { RequestTarget, SiteInfo } from './types.ts';

/** The stylesheet, fonts and island scripts of a page (styles/, fonts/, islands/ provide them). */
export interface SiteStyles {
  /** The stylesheets a page links: the revision's, or the page's own when its blocks carry instance styles. */
  stylesheets(args: {
    site: SiteInfo;
    designs: LoadedDesigns;
    instances: DeliveredBlock[];
  }): Promise<string[]>;
  fontPreloads(theme: Theme, roles: FontRole[]): string[];
  /** The script addresses of islands by name, once they are bundled. */
  islandScripts(): Promise<(names: readonly string[]) => string[]>;
}

/**
 * What site access decided about a request (password, share link, form result). Site access is
 * its own issue; until it is wired every request is public.
 */
export interface AccessDecision {
  /** An answer instead of the page, e.g. the password form (401). */
  response?: Response;
  /** Render past the shared page cache and answer `private, no-store` (share previews, form results, protected pages). */
  bypassCache: boolean;
  /** A share link's preview: the drafts it shows ('all' also shows the draft designs). */
  drafts?: ReadContext['drafts'];
  /** A share-link preview: the page carries the visible "Preview" marker. */
  preview?: boolean;
  /** A form post's result, shown in place by the form's `formMessage`. */
  formResult?: FormResult;
  /** Protected responses carry `X-Robots-Tag: noindex, nofollow`. */
  protected: boolean;
}

export const PUBLIC_ACCESS: AccessDecision = { bypassCache: false, protected: false };

export interface SiteAccess {
  /** Runs once the space is known and served, before the locale step and the cache. */
  check(c: Context, site: SiteInfo, target: RequestTarget): Promise<AccessDecision>;
  /** True when the request carries a share-link cookie (robots.txt then disallows everything). */
  hasShareCookie(c: Context): boolean;
}

export interface SiteDeps {
  db: Queryable;
  reader: Reader;
  cache: TaggedCache;
  log: Logger;
  mediaSecret: () => string;
  /** `SITE_CACHE_TTL` (config resolves it to `CACHE_TTL` when unset): `s-maxage` and the page cache's lifetime. */
  ttlSeconds: number;
  styles: SiteStyles;
  access?: SiteAccess;
  /** Told how long each page took to render (`GET /metrics`). */
  metrics?: { render(seconds: number): void };
}
