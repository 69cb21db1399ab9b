import type { SpaceInfo } from '../../delivery/reader/types.ts';
import type { WebsiteSettings } from '../plugin/website-section-schema.ts';
import type { BadgeContent } from '../render/badge.tsx';

/** A row of `website_domains`: which space a host serves, and how. */
export interface DomainRow {
  host: string;
  spaceId: string;
  primary: boolean;
  redirectToPrimary: boolean;
  /** A pinned domain serves only this locale, without a prefix. */
  locale: string | null;
  /** `production`, or a staging environment's name. */
  environment: string;
}

/** What the pipeline knows about a space once its host is known; cached (see load-site.ts). */
export interface SiteInfo {
  space: SpaceInfo;
  /** The production row of the website settings, without the password hash. */
  settings: Omit<WebsiteSettings, 'passwordHash'>;
  hasPassword: boolean;
  /** A fingerprint of the password hash (access cookies are signed over it); null without a password. */
  passwordFingerprint: string | null;
  /** Staging environments' own 404 documents, by environment name. */
  environments: Record<string, { notFoundContentId: string | null }>;
  /** Every domain of the space (primaries per locale give canonical addresses). */
  domains: DomainRow[];
  /** The control `features.plugins.website.badge` (in the page cache key). */
  badge: boolean;
  /** While the badge is on: its text and address (controls `plugins.website.badge.text`, `.link`). */
  badgeContent?: BadgeContent;
}

/** The parts of the request that decide the page, besides its path. */
export interface RequestTarget {
  /** `Host` without port, lowercased. */
  host: string;
  /** The port named in `Host`, or '' (absolute links keep it, so development hosts work). */
  port: string;
  protocol: 'http' | 'https';
  path: string;
  /** The query string with its `?`, or ''. */
  search: string;
}

/** The locale step's answer: the page to look up, or a redirect to the canonical path. */
export type LocaleRoute =
  | {
      kind: 'page';
      locale: string;
      /** The permalink to resolve: no leading slash; '' is the locale's home. */
      permalink: string;
      /** Path prefix of the locale on this host: '' or `/<locale>`. */
      prefix: string;
    }
  | { kind: 'redirect'; location: string };
