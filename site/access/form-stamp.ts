import { deriveKey, hmac, sameSignature } from './keys.ts';

export { FORM_STAMP_FIELD, HONEYPOT_FIELD } from '../forms/form-fields.ts';

/** Faster than this from render to post is a bot. */
export const MIN_FILL_MS = 2000;
/** Older than this, the stamp no longer counts (the page should be reloaded). */
export const MAX_STAMP_AGE_MS = 24 * 3600 * 1000;

/**
 * A stamp of a statically exported page (`verso build-site --form-endpoint`) counts this long from the
 * build: every build renews it, and a static page cannot be reloaded into a fresher one.
 */
export const STATIC_STAMP_MAX_AGE_MS = 400 * 24 * 3600 * 1000;

/** `<render time ms>.<HMAC over space, form reference and time>`. */
export function formStamp(authSecret: string, spaceId: string, formRef: string, now = Date.now()): string {
  return `${now}.${hmac(deriveKey(authSecret, 'form-stamp'), spaceId, formRef, String(now))}`;
}

/**
 * `s<build time ms>.<HMAC>` under a key of its own: a stamp written into an exported page. It has no
 * "too fast" check (the build is not the visitor's render) and the longer life above; the honeypot and
 * the `forms` rate rule still apply.
 */
export function staticFormStamp(
  authSecret: string,
  spaceId: string,
  formRef: string,
  builtAt: number,
): string {
  return `s${builtAt}.${hmac(deriveKey(authSecret, 'form-stamp-static'), spaceId, formRef, String(builtAt))}`;
}

export type StampCheck = 'ok' | 'invalid' | 'tooFast' | 'expired';

export function checkFormStamp(
  authSecret: string,
  spaceId: string,
  formRef: string,
  stamp: unknown,
  now = Date.now(),
): StampCheck {
  const match = typeof stamp === 'string' ? /^(s?)(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(stamp) : null;
  if (!match) return 'invalid';
  const exported = match[1] === 's';
  const key = deriveKey(authSecret, exported ? 'form-stamp-static' : 'form-stamp');
  if (!sameSignature(match[3]!, hmac(key, spaceId, formRef, match[2]!))) return 'invalid';
  const age = now - Number(match[2]);
  if (exported) return age > STATIC_STAMP_MAX_AGE_MS ? 'expired' : 'ok';
  if (age < MIN_FILL_MS) return 'tooFast';
  return age > MAX_STAMP_AGE_MS ? 'expired' : 'ok';
}
