import { type Context, Hono } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { Db, Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { registerErrors } from '../errors/catalogue.ts';
import { errorResponse } from '../http/error-handler.ts';
import type { Logger } from '../log.ts';
import { clientAddressOf } from '../net/client-address.ts';
import { isHttps } from '../net/https.ts';
import type { TrustedProxies } from '../net/trusted-proxies.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { permissions as allPermissions, holds } from '../rpc/permissions.ts';
import type { ApiPrincipal } from './api-keys.ts';
import { keyLabel, LINK_PAGE_HEADERS, linkPage } from './link-page.ts';
import { fromSameOrigin } from './same-origin.ts';
import {
  closeSession,
  openSession,
  peekLinkToken,
  readSession,
  redeemLinkToken,
  type Session,
} from './sessions.ts';

registerErrors({
  'auth.sessionRequired': { kind: 'unauthorized', message: 'Sign in first: there is no valid session.' },
  'auth.crossOrigin': {
    kind: 'forbidden',
    message: 'A session is accepted only from the management origin itself.',
  },
  'auth.rateLimited': { kind: 'rate_limited', message: 'Too many sign-in attempts; try again later.' },
});

export const SESSION_COOKIE = 'verso_session';
const NO_STORE = { 'Cache-Control': 'no-store' };

export interface AuthRoutesArgs {
  db: Db;
  log: Logger;
  secret: () => string;
  rateLimiter: RateLimiter;
  trustedProxies: TrustedProxies | undefined;
}

/** The session of a request's signed cookie, or null (no cookie, a forged or expired one, a revoked key). */
export async function sessionOf(
  c: Context,
  db: Queryable,
  secret: string,
): Promise<{ id: string; session: Session } | null> {
  const id = await getSignedCookie(c, secret, SESSION_COOKIE);
  if (!id) return null;
  const session = await readSession(db, id);
  return session ? { id, session } : null;
}

export const sameOriginRequest = (c: Context) =>
  fromSameOrigin({
    origin: c.req.header('origin'),
    host: c.req.header('host') ?? new URL(c.req.url).host,
    secFetchSite: c.req.header('sec-fetch-site'),
  });

/**
 * Whether a request is a top-level navigation the user typed in (or opened from a bookmark or another
 * program: `Sec-Fetch-Site: none`) or followed from this origin, and not a prefetch. Browsers send these
 * headers and pages cannot forge them; a client without them is not trusted with a one-click sign-in.
 */
export function typedOrSameOriginNavigation(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  const purpose = `${c.req.header('sec-purpose') ?? ''} ${c.req.header('purpose') ?? ''}`;
  return (
    (site === 'none' || site === 'same-origin') &&
    c.req.header('sec-fetch-mode') === 'navigate' &&
    c.req.header('sec-fetch-dest') === 'document' &&
    !/prefetch|prerender/i.test(purpose)
  );
}

/** What the studio shows of a session: the key's spaces (null: all), its effective permissions, the expiry. */
function describe(principal: ApiPrincipal, expiresAt: Date) {
  return {
    spaces: principal.spaceIds,
    permissions: allPermissions.filter((p) => holds(principal, p)),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The `auth` scope (docs/studio.md): an API key exchanged for a signed, HttpOnly, SameSite=Strict session
 * cookie; sign-out; `verso dev`'s one-time link (confirmed on a page unless typed in or same-origin). Browsers posting the form get redirects to `/studio`,
 * programs posting JSON get JSON.
 */
export function authRoutes(args: AuthRoutesArgs): Hono {
  const app = new Hono();
  app.onError((err, c) => errorResponse(c, err, args.log));

  const setCookie = (c: Context, id: string, expiresAt: Date) =>
    setSignedCookie(c, SESSION_COOKIE, id, args.secret(), {
      httpOnly: true,
      sameSite: 'Strict',
      secure: isHttps(c, args.trustedProxies),
      path: '/',
      maxAge: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    });

  const redeem = async (c: Context, token: string, previous: string | undefined) => {
    const opened = await redeemLinkToken(args.db, token);
    if (!opened) return c.redirect('/studio?error=expired', 303);
    if (previous) await closeSession(args.db, previous);
    await setCookie(c, opened.id, opened.expiresAt);
    return c.redirect('/studio', 303);
  };

  const confirmation = async (
    c: Context,
    token: string,
    target: ApiPrincipal,
    current: ApiPrincipal | null,
  ) => {
    const page = linkPage({
      token,
      target: await keyLabel(args.db, target),
      current: current ? { keyId: current.keyId, label: await keyLabel(args.db, current) } : null,
    });
    return c.body(page, 200, LINK_PAGE_HEADERS);
  };

  app.post('/auth/session', async (c) => {
    const type = c.req.header('content-type') ?? '';
    const isForm = /application\/x-www-form-urlencoded|multipart\/form-data/i.test(type);
    const back = (error: string) => c.redirect(`/studio?error=${error}`, 303);
    // A form posted from another site would sign the visitor in to someone else's key (login CSRF).
    if (c.req.header('origin') !== undefined && !sameOriginRequest(c)) throw new AppError('auth.crossOrigin');
    const decision = await args.rateLimiter.consume('signIn', clientAddressOf(c, args.trustedProxies));
    if (!decision.allowed) {
      if (isForm) return back('rate_limited');
      const refused = errorResponse(c, new AppError('auth.rateLimited'), args.log);
      for (const [name, value] of Object.entries(decision.headers)) refused.headers.set(name, value);
      return refused;
    }
    let key: unknown;
    if (isForm) key = (await c.req.parseBody()).key;
    else {
      const body = await c.req.json().catch(() => {
        throw new AppError('request.malformed', { message: 'The body is not JSON.' });
      });
      key = (body as { key?: unknown } | null)?.key;
    }
    if (typeof key !== 'string' || key.trim() === '') {
      if (isForm) return back('invalid');
      throw new AppError('validation.failed', {
        details: [{ key: 'validation.required', path: 'key', params: {} }],
      });
    }
    const opened = await openSession(args.db, key.trim());
    if (!opened) return isForm ? back('invalid') : errorResponse(c, new AppError('auth.invalid'), args.log);
    await setCookie(c, opened.id, opened.expiresAt);
    if (isForm) return c.redirect('/studio', 303);
    return c.json(describe(opened.principal, opened.expiresAt), 200, NO_STORE);
  });

  app.get('/auth/session', async (c) => {
    const found = await sessionOf(c, args.db, args.secret());
    if (!found) throw new AppError('auth.sessionRequired');
    return c.json(describe(found.session.principal, found.session.expiresAt), 200, NO_STORE);
  });

  const signOut = async (c: Context) => {
    if (!sameOriginRequest(c)) throw new AppError('auth.crossOrigin');
    const id = await getSignedCookie(c, args.secret(), SESSION_COOKIE);
    if (id) await closeSession(args.db, id);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c, args.trustedProxies) });
  };
  app.delete('/auth/session', async (c) => {
    await signOut(c);
    return c.body(null, 204, NO_STORE);
  });
  app.post('/auth/signout', async (c) => {
    await signOut(c);
    return c.redirect('/studio', 303);
  });

  // `verso dev`'s one-time link. A GET spends the token only when it is a top-level navigation typed in or
  // followed from this origin, and the browser holds no session for another key; anything else (a link on
  // another site, a frame, a prefetch, a client without Fetch Metadata) gets a page that names the key and
  // posts the token back, so no other site can sign a browser in to its own key (login CSRF).
  app.get('/auth/link', async (c) => {
    const token = c.req.query('token') ?? '';
    const target = token ? await peekLinkToken(args.db, token) : null;
    if (!target) return c.redirect('/studio?error=expired', 303);
    const current = await sessionOf(c, args.db, args.secret());
    const other = current && current.session.principal.keyId !== target.keyId ? current : null;
    if (typedOrSameOriginNavigation(c) && !other) return redeem(c, token, current?.id);
    return confirmation(c, token, target, other?.session.principal ?? null);
  });

  app.post('/auth/link', async (c) => {
    if (!sameOriginRequest(c)) throw new AppError('auth.crossOrigin');
    const body = await c.req.parseBody();
    const token = typeof body.token === 'string' ? body.token : '';
    const seen = typeof body.current === 'string' ? body.current : '';
    const target = token ? await peekLinkToken(args.db, token) : null;
    if (!target) return c.redirect('/studio?error=expired', 303);
    // The page may not have seen the session (a cross-site GET carries no SameSite=Strict cookie): a session
    // for another key than the one the page named is asked about first, never replaced silently.
    const current = await sessionOf(c, args.db, args.secret());
    const held = current?.session.principal;
    if (held && held.keyId !== target.keyId && held.keyId !== seen)
      return confirmation(c, token, target, held);
    return redeem(c, token, current?.id);
  });
  return app;
}
