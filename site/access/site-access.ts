import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { generateCookie, getCookie } from 'hono/cookie';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Queryable } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import type { Logger } from '../../core/log.ts';
import { clientAddressOf } from '../../core/net/client-address.ts';
import { isHttps } from '../../core/net/https.ts';
import type { TrustedProxies } from '../../core/net/trusted-proxies.ts';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import { readFormResult } from '../forms/form-result-access.ts';
import { respond } from '../headers/security-headers.ts';
import type { SiteMediaAccess } from '../media/site-media-routes.ts';
import { type AccessDecision, PUBLIC_ACCESS, type SiteAccess } from '../pipeline/deps.ts';
import { homeId } from '../pipeline/find-document.ts';
import { hostSite } from '../pipeline/host-site.ts';
import { isServed } from '../pipeline/load-site.ts';
import { neutralNotFound } from '../pipeline/neutral-not-found.ts';
import { requestTarget } from '../pipeline/request-target.ts';
import { sameHostLocation } from '../pipeline/safe-location.ts';
import { localePrefix, pagePath } from '../pipeline/site-urls.ts';
import type { DomainRow, RequestTarget, SiteInfo } from '../pipeline/types.ts';
import { readWebsiteSettings } from '../procedures/settings-row.ts';
import {
  ACCESS_COOKIE,
  ACCESS_LIFETIME_SECONDS,
  accessCookieMatches,
  issueAccessCookie,
} from './access-cookie.ts';
import './errors.ts';
import { safeNextPath } from './next-path.ts';
import { passwordPage } from './password-page.ts';
import {
  SHARE_COOKIE,
  type SharePayload,
  shareCookieSeconds,
  signShareToken,
  verifyShareToken,
} from './share-token.ts';

export interface SiteAccessDeps {
  db: Queryable;
  cache: TaggedCache;
  reader: Reader;
  log: Logger;
  /** `AUTH_SECRET`: access cookies and share links are signed with keys derived from it. */
  authSecret: () => string;
  rateLimiter: RateLimiter;
  trustedProxies: TrustedProxies | undefined;
  /** Checks a posted password against the stored Argon2id hash (tests count the calls). */
  verifyPassword?: (hash: string, password: string) => Promise<boolean>;
  now?: () => number;
}

/** Site access as the website process uses it: the page check, `/media`'s flags and the `/_cms` routes. */
export interface SiteAccessService extends SiteAccess {
  media(c: Context): Promise<SiteMediaAccess>;
  /**
   * Whether the visitor may see the site: it has no password, or the request carries a valid access
   * cookie or share cookie of it (form posts of a protected site answer 404 otherwise).
   */
  unlocked(c: Context, site: SiteInfo): Promise<boolean>;
  /** `POST /_cms/password` and `GET /_cms/share/<token>`. */
  routes: Hono;
}

/** Longest password the form checks (the setter accepts at most 1024 characters): hashing is costly. */
const MAX_PASSWORD_LENGTH = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOINDEX = { 'X-Robots-Tag': 'noindex, nofollow' };

// argon2 (a native module) is loaded on the first password checked, not by every website process's start.
const defaultVerify = async (hash: string, password: string) =>
  (await import('argon2')).default.verify(hash, password);

/**
 * Whether a post comes from this site: its `Origin` (else the origin of its `Referer`) names the
 * request's host and port. A post with neither is let through: browsers send `Origin` with every
 * cross-site form post, so only non-browser clients omit both (and the attempt limit counts them).
 */
export function postedFromSite(c: Context, target: RequestTarget): boolean {
  const origin = c.req.header('origin');
  let source = origin;
  if (source === undefined) {
    const referer = c.req.header('referer');
    if (referer === undefined) return true;
    source = referer;
  }
  if (source === 'null') return false;
  try {
    const url = new URL(source);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.hostname.toLowerCase() !== target.host) return false;
    // `URL.port` is '' for the scheme's default port, as a Host header without a port is.
    const defaultPort = url.protocol === 'https:' ? '443' : '80';
    if (url.port !== (target.port === defaultPort ? '' : target.port)) return false;
    if (target.protocol === 'https' && url.protocol !== 'https:') return false;
    return true;
  } catch {
    return false;
  }
}

function cookie(
  c: Context,
  trusted: TrustedProxies | undefined,
  name: string,
  value: string,
  maxAge: number,
): string {
  return generateCookie(name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, trusted),
    maxAge,
  });
}

/**
 * The site password and share links (delivery-and-site.md, "Authentication" 3–4; issue 9).
 *
 * - Password: while set, a page answers the neutral password form (401) unless the request carries
 *   a valid `cms_site_access` cookie (this space, unexpired, signed over the current password's
 *   fingerprint). Protected pages bypass the shared cache and are `private, no-store` and noindex.
 * - Share links: a valid `cms_share` cookie of the host's space and environment shows drafts (one
 *   document's, or all with the draft designs), the "Preview" marker, any asset, and bypasses the
 *   password and the cache.
 * - Form results (`?form-result=`) bypass the cache and show the form's message.
 */
export function createSiteAccess(deps: SiteAccessDeps): SiteAccessService {
  const now = () => deps.now?.() ?? Date.now();
  const verify = deps.verifyPassword ?? defaultVerify;
  const trusted = deps.trustedProxies;

  /** Whether a link was revoked (`plugins.website.share.revoke`); only requests with a share token ask. */
  const revoked = async (payload: SharePayload): Promise<boolean> => {
    if (!payload.i) return false;
    const res = await deps.db.query(
      'select 1 from website_share_revocations where space_id = $1 and link_id = $2',
      [payload.s, payload.i],
    );
    return res.rows.length > 0;
  };

  /** A share token's payload when it is valid for this space and the host's environment, and not revoked. */
  const validShare = async (
    token: string | undefined,
    site: SiteInfo,
    domain: DomainRow | null,
  ): Promise<SharePayload | null> => {
    if (!domain) return null;
    const payload = verifyShareToken(deps.authSecret(), token, now());
    if (!payload || payload.s !== site.space.id || payload.e !== domain.environment) return null;
    if (payload.d !== undefined && !UUID.test(payload.d)) return null;
    return (await revoked(payload)) ? null : payload;
  };
  const shareOf = (c: Context, site: SiteInfo, domain: DomainRow | null) =>
    validShare(getCookie(c, SHARE_COOKIE), site, domain);

  const hasAccessCookie = (c: Context, site: SiteInfo): boolean =>
    site.hasPassword &&
    accessCookieMatches(
      deps.authSecret(),
      site.space.id,
      site.passwordFingerprint ?? '',
      getCookie(c, ACCESS_COOKIE),
      now(),
    );

  const served = async (c: Context) => {
    const target = requestTarget(c);
    const { domain, site } = await hostSite(deps, target.host);
    return domain && isServed(site) ? { target, domain, site } : null;
  };

  async function check(c: Context, site: SiteInfo, target: RequestTarget): Promise<AccessDecision> {
    const formResult = readFormResult(c, site);
    const shown = formResult ? { formResult } : {};
    const { domain } = await hostSite(deps, target.host);
    const share = await shareOf(c, site, domain);
    if (share) {
      return {
        bypassCache: true,
        protected: true,
        preview: true,
        drafts: share.d ? { documentId: share.d } : 'all',
        ...shown,
      };
    }
    if (site.hasPassword) {
      if (hasAccessCookie(c, site)) return { bypassCache: true, protected: true, ...shown };
      const locale = domain?.locale ?? site.space.defaultLocale;
      return {
        response: passwordPage(c, { locale, next: safeNextPath(target.path + target.search) }),
        bypassCache: true,
        protected: true,
      };
    }
    return formResult ? { bypassCache: true, protected: false, formResult } : PUBLIC_ACCESS;
  }

  async function postPassword(c: Context): Promise<Response> {
    const found = await served(c);
    if (!found?.site.hasPassword) return neutralNotFound(c);
    const { target, domain, site } = found;
    if (!postedFromSite(c, target)) throw new AppError('site.password.crossOrigin');
    // Counted before anything is checked: over the limit, the password is not even looked at.
    const decision = await deps.rateLimiter.consume('plugins.website.password', clientAddressOf(c, trusted), {
      spaceId: site.space.id,
    });
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const next = safeNextPath(body.next);
    const locale = domain.locale ?? site.space.defaultLocale;
    if (!decision.allowed) {
      return passwordPage(c, { locale, next, problem: 'tooMany', status: 429, headers: decision.headers });
    }
    const password = typeof body.password === 'string' ? body.password : '';
    const { passwordHash } = await readWebsiteSettings(deps.db, site.space.id);
    if (passwordHash === null) return neutralNotFound(c);
    let ok = false;
    if (password.length > 0 && password.length <= MAX_PASSWORD_LENGTH) {
      try {
        ok = await verify(passwordHash, password);
      } catch (err) {
        deps.log.error({ err: (err as Error).message, spaceId: site.space.id }, 'site password check failed');
      }
    }
    if (!ok) {
      return passwordPage(c, { locale, next, problem: 'wrong', status: 401, headers: decision.headers });
    }
    const value = issueAccessCookie(deps.authSecret(), site.space.id, passwordHash, now());
    return respond(c, null, 303, {
      Location: next,
      'Set-Cookie': cookie(c, trusted, ACCESS_COOKIE, value, ACCESS_LIFETIME_SECONDS),
      'Cache-Control': 'no-store',
      ...NOINDEX,
      ...decision.headers,
    });
  }

  /** Where an opened link leads: the document's path in its locale on this host, else the locale's home. */
  async function shareTarget(site: SiteInfo, domain: DomainRow, payload: SharePayload): Promise<string> {
    let locale = payload.l && site.space.locales.includes(payload.l) ? payload.l : site.space.defaultLocale;
    if (domain.locale !== null) locale = domain.locale;
    const prefix = localePrefix(site, domain, locale);
    if (!payload.d) return pagePath(prefix, '');
    const doc = await deps.reader
      .byId(
        { spaceId: site.space.id, locale, tags: { addTags: () => {} }, drafts: { documentId: payload.d } },
        payload.d,
      )
      .catch(() => null);
    if (!doc) return pagePath(prefix, '');
    return pagePath(prefix, doc.id === homeId(site) ? '' : doc.permalink);
  }

  async function openShare(c: Context): Promise<Response> {
    const found = await served(c);
    if (!found) return neutralNotFound(c);
    const { domain, site } = found;
    const payload = await validShare(c.req.param('token'), site, domain);
    if (!payload) return neutralNotFound(c);
    const seconds = shareCookieSeconds(payload, now());
    if (seconds <= 0) return neutralNotFound(c);
    // The cookie is the link's payload re-signed with its own, shorter expiry: nothing is stored.
    const value = signShareToken(deps.authSecret(), { ...payload, x: Math.floor(now() / 1000) + seconds });
    return respond(c, null, 303, {
      Location: sameHostLocation(await shareTarget(site, domain, payload)) ?? '/',
      'Set-Cookie': cookie(c, trusted, SHARE_COOKIE, value, seconds),
      'Cache-Control': 'no-store',
      ...NOINDEX,
    });
  }

  const routes = new Hono();
  routes.post(
    '/_cms/password',
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new AppError('site.request.tooLarge');
      },
    }),
    postPassword,
  );
  routes.get('/_cms/share/:token', openShare);

  return {
    check,
    hasShareCookie: (c) => verifyShareToken(deps.authSecret(), getCookie(c, SHARE_COOKIE), now()) !== null,
    async unlocked(c, site) {
      if (!site.hasPassword || hasAccessCookie(c, site)) return true;
      const { domain } = await hostSite(deps, requestTarget(c).host);
      return (await shareOf(c, site, domain)) !== null;
    },
    async media(c) {
      const found = await served(c);
      if (!found) return { spaceId: null, shareCookie: false, passwordProtected: false, accessCookie: false };
      const { domain, site } = found;
      return {
        spaceId: site.space.id,
        shareCookie: (await shareOf(c, site, domain)) !== null,
        passwordProtected: site.hasPassword,
        accessCookie: hasAccessCookie(c, site),
      };
    },
    routes,
  };
}
