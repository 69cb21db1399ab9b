import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { Logger } from '../../core/log.ts';
import { clientAddressOf } from '../../core/net/client-address.ts';
import type { TrustedProxies } from '../../core/net/trusted-proxies.ts';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import { ACCESS_COOKIE, accessCookieMatches } from '../access/access-cookie.ts';
import { FORM_RESULT_PARAM, signFormResult } from '../access/form-result.ts';
import { checkFormStamp } from '../access/form-stamp.ts';
import { safeNextPath } from '../access/next-path.ts';
import { postedFromSite } from '../access/site-access.ts';
import { hostSite } from '../pipeline/host-site.ts';
import { loadDesigns } from '../pipeline/load-designs.ts';
import { isServed } from '../pipeline/load-site.ts';
import { requestTarget } from '../pipeline/request-target.ts';
import { sameHostLocation } from '../pipeline/safe-location.ts';
import type { SiteInfo } from '../pipeline/types.ts';
import { localized, say } from '../render/strings.ts';
import { clientHash } from './client-hash.ts';
import { type FormDefinition, findForm, formRef } from './find-form.ts';
import { accepted, acceptedPage, type Refusal, refuse } from './form-answer.ts';
import './form-errors.ts';
import { ANCHOR_FIELD, FORM_STAMP_FIELD, HONEYPOT_FIELD, LOCALE_FIELD, PAGE_FIELD } from './form-fields.ts';
import { formMessage } from './form-messages.ts';
import { checkFields } from './validate-fields.ts';

/** Largest accepted body (urlencoded or multipart); enforced while reading, so a larger one is never buffered. */
export const FORM_MAX_BYTES = 128 * 1024;

export interface FormRouteDeps {
  db: Queryable;
  cache: TaggedCache;
  reader: Reader;
  log: Logger;
  /** `AUTH_SECRET`: stamps, results and address hashes are keyed by it. */
  authSecret: () => string;
  rateLimiter: RateLimiter;
  trustedProxies: TrustedProxies | undefined;
  /** `FORM_ORIGINS`: origins of exported sites whose forms may post here (answers carry CORS for them). */
  formOrigins?: readonly string[];
  now?: () => number;
}

interface Gate {
  site: SiteInfo;
  form: FormDefinition;
  host: string;
  /** The exported site's origin when the post came from one (`FORM_ORIGINS`): links back lead there. */
  exportedFrom: string | null;
}

type Env = { Variables: { gate: Gate } };

const MEDIA_TYPE = /^\s*([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)\s*(?:;|$)/i;
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const ANCHOR = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** The fields of a body, each name with all its string values (files are not form fields here and are dropped). */
async function readFields(c: Context): Promise<Map<string, string[]> | null> {
  const type = MEDIA_TYPE.exec(c.req.header('content-type') ?? '')?.[1]?.toLowerCase();
  const out = new Map<string, string[]>();
  const add = (name: string, value: unknown) => {
    if (typeof value === 'string') out.set(name, [...(out.get(name) ?? []), value]);
  };
  try {
    if (type === 'multipart/form-data') {
      for (const [name, value] of await c.req.raw.formData()) add(name, value);
    } else {
      for (const [name, value] of new URLSearchParams(await c.req.text())) add(name, value);
    }
  } catch {
    return null; // a multipart body without its boundary, or otherwise unreadable
  }
  return out;
}

/**
 * `POST /_cms/forms/<kind>/<key>/<nodeId>` (delivery-and-site.md; issue 9): a submission of a form
 * of the host's published designs. In order: 404 for a host that serves no site, a protected site
 * without the access cookie, or a form that is not in the published design `kind`/`key`; 403 for
 * a post from another origin; 415 for a body that is not a form; 413 past `FORM_MAX_BYTES`; the
 * honeypot filled: the answer of a success, nothing stored; 400 for a missing or forged render
 * stamp, or a post under two seconds after the render; 429 past the rule `forms` (per client
 * address) with `Retry-After`; 422 with a message per field. Then the submission is stored and
 * answered with JSON `{ ok, message }` to the island, else 303 back to the page with a signed
 * `form-result` that shows the form's message there.
 */
export function formRoutes(deps: FormRouteDeps): Hono<Env> {
  const now = () => deps.now?.() ?? Date.now();
  const app = new Hono<Env>();
  const origins = new Set(deps.formOrigins ?? []);
  /** The request's `Origin` when `FORM_ORIGINS` lists it, else undefined. */
  const allowedOrigin = (c: Context): string | undefined => {
    const origin = c.req.header('origin');
    return origin !== undefined && origins.has(origin) ? origin : undefined;
  };

  // An exported site's island reads the answer across origins: every answer to a listed origin says so.
  app.use('/_cms/forms/*', async (c, next) => {
    await next();
    const origin = allowedOrigin(c);
    c.res.headers.append('Vary', 'Origin');
    if (origin) c.res.headers.set('Access-Control-Allow-Origin', origin);
  });
  // The island's post is a simple request (urlencoded, `Accept` only), so browsers send no preflight; one
  // that does (an extension adding a header, say) is answered for the listed origins.
  app.options('/_cms/forms/:kind/:key/:nodeId', (c) => {
    if (!allowedOrigin(c)) return c.body(null, 403, { 'Cache-Control': 'no-store' });
    return c.body(null, 204, {
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Accept, Content-Type',
      'Access-Control-Max-Age': '86400',
      'Cache-Control': 'no-store',
    });
  });

  const gate: MiddlewareHandler<Env> = async (c, next) => {
    const target = requestTarget(c);
    const { domain, site } = await hostSite(deps, target.host);
    const notFound = (locale: string) =>
      refuse(c, {
        key: 'plugins.website.form.notFound',
        message: formMessage('failed', locale),
        locale,
      });
    if (!domain || domain.redirectToPrimary || !isServed(site)) return notFound('en');
    const locale = domain.locale ?? site.space.defaultLocale;
    // A protected site has no forms for a visitor without its access cookie (they see the password form).
    if (
      site.hasPassword &&
      !accessCookieMatches(
        deps.authSecret(),
        site.space.id,
        site.passwordFingerprint ?? '',
        getCookie(c, ACCESS_COOKIE),
        now(),
      )
    ) {
      return notFound(locale);
    }
    const { kind, key, nodeId } = c.req.param() as { kind: string; key: string; nodeId: string };
    const designs = await loadDesigns(deps, site);
    const form = findForm(designs.bundle.records, kind, key, nodeId);
    if (!form) return notFound(locale);
    const failed = formMessage('failed', locale);
    const exportedFrom = postedFromSite(c, target) ? null : allowedOrigin(c);
    if (exportedFrom === undefined) {
      return refuse(c, { key: 'plugins.website.form.crossOrigin', message: failed, locale });
    }
    const type = MEDIA_TYPE.exec(c.req.header('content-type') ?? '')?.[1]?.toLowerCase();
    if (!type || !FORM_TYPES.has(type)) {
      return refuse(c, { key: 'plugins.website.form.unsupportedType', message: failed, locale });
    }
    c.set('gate', { site, form, host: target.host, exportedFrom });
    return next();
  };

  const limit = bodyLimit({
    maxSize: FORM_MAX_BYTES,
    onError: (c) => {
      const locale = (c.get('gate') as Gate | undefined)?.site.space.defaultLocale ?? 'en';
      return refuse(c, {
        key: 'plugins.website.form.tooLarge',
        message: formMessage('failed', locale),
        locale,
      });
    },
  });

  app.post('/_cms/forms/:kind/:key/:nodeId', gate, limit, async (c) => {
    const { site, form, host, exportedFrom } = c.get('gate');
    const spaceId = site.space.id;
    const fields = await readFields(c);
    const first = (name: string) => fields?.get(name)?.[0];
    const givenLocale = first(LOCALE_FIELD);
    const locale =
      givenLocale && site.space.locales.includes(givenLocale) ? givenLocale : site.space.defaultLocale;
    // The page the form was on: a path of this site (anything else is `/`), without its query.
    const page = safeNextPath(first(PAGE_FIELD)).replace(/[?#].*$/s, '');
    const anchor = first(ANCHOR_FIELD);
    const labels = Object.fromEntries(
      form.fields.map((f) => [f.name, localized(f.label, locale, site.space.defaultLocale)]),
    );
    // Without script, an exported page's visitor is led back to the exported page, not to this host's.
    const backTo = (exportedFrom ?? '') + page + (anchor && ANCHOR.test(anchor) ? `#${anchor}` : '');
    const refusal = (r: Omit<Refusal, 'locale' | 'back' | 'labels'>) =>
      refuse(c, { ...r, locale, back: backTo, labels });
    if (!fields) {
      return refusal({ key: 'request.malformed', message: formMessage('failed', locale) });
    }

    const success = localized(form.successMessage, locale, site.space.defaultLocale) || say('formOk', locale);
    /** Where the answer without script leads: the page with the signed result, or for an exported page (which cannot show one) a page of its own. */
    const answer = () =>
      exportedFrom ? acceptedPage(c, success, locale, backTo) : accepted(c, success, back());
    const back = () => {
      const url = new URL(page, 'http://site.invalid');
      url.searchParams.set(FORM_RESULT_PARAM, signFormResult(deps.authSecret(), spaceId, form.nodeId, now()));
      if (anchor && ANCHOR.test(anchor)) url.hash = anchor;
      return sameHostLocation(`${url.pathname}${url.search}${url.hash}`) ?? '/';
    };

    // A bot filled the field people never see: it is told all went well, and nothing is kept.
    if ((fields.get(HONEYPOT_FIELD) ?? []).some((v) => v.trim() !== '')) {
      deps.log.info(
        { spaceId, form: formRef(form.kind, form.key, form.nodeId) },
        'form honeypot filled: not stored',
      );
      return answer();
    }

    const stamp = checkFormStamp(
      deps.authSecret(),
      spaceId,
      formRef(form.kind, form.key, form.nodeId),
      first(FORM_STAMP_FIELD),
      now(),
    );
    if (stamp === 'invalid') {
      return refusal({ key: 'plugins.website.form.stampInvalid', message: formMessage('expired', locale) });
    }
    if (stamp === 'expired') {
      return refusal({ key: 'plugins.website.form.stampExpired', message: formMessage('expired', locale) });
    }
    if (stamp === 'tooFast') {
      return refusal({ key: 'plugins.website.form.tooFast', message: formMessage('tooFast', locale) });
    }

    const address = clientAddressOf(c, deps.trustedProxies);
    const decision = await deps.rateLimiter.consume('forms', address, { spaceId });
    if (!decision.allowed) {
      return refusal({
        key: 'rateLimit.exceeded',
        message: formMessage('tooMany', locale),
        headers: decision.headers,
      });
    }

    const checked = checkFields(form.fields, fields, locale);
    if (Object.keys(checked.errors).length > 0) {
      return refusal({
        key: 'validation.failed',
        message:
          localized(form.errorMessage, locale, site.space.defaultLocale) || formMessage('invalid', locale),
        errors: checked.errors,
        headers: decision.headers,
      });
    }

    try {
      await deps.db.query(
        `insert into website_form_submissions (space_id, form_key, node_id, locale, page, host, values, client_hash)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
        [
          spaceId,
          form.formKey,
          form.nodeId,
          locale,
          page,
          host,
          JSON.stringify(checked.values),
          clientHash(deps.authSecret(), spaceId, address),
        ],
      );
    } catch (err) {
      // A website process on a read-only database role (operations.md) cannot keep submissions.
      if ((err as { code?: string }).code === '42501') {
        deps.log.warn(
          { spaceId, form: form.formKey },
          'form submission not stored: the database role may not insert into website_form_submissions',
        );
        return refusal({ key: 'plugins.website.form.unavailable', message: formMessage('failed', locale) });
      }
      throw err;
    }
    return answer();
  });
  return app;
}
