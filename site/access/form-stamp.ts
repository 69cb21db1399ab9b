import { deriveKey, hmac, sameSignature } from './keys.ts';

export { FORM_STAMP_FIELD, HONEYPOT_FIELD } from '../forms/form-fields.ts';

/** Faster than this from render to post is a bot. */
export const MIN_FILL_MS = 2000;
/** Older than this, the stamp no longer counts (the page should be reloaded). */
export const MAX_STAMP_AGE_MS = 24 * 3600 * 1000;

/** `<render time ms>.<HMAC over space, form reference and time>`. */
export function formStamp(authSecret: string, spaceId: string, formRef: string, now = Date.now()): string {
  return `${now}.${hmac(deriveKey(authSecret, 'form-stamp'), spaceId, formRef, String(now))}`;
}

export type StampCheck = 'ok' | 'invalid' | 'tooFast' | 'expired';

export function checkFormStamp(
  authSecret: string,
  spaceId: string,
  formRef: string,
  stamp: unknown,
  now = Date.now(),
): StampCheck {
  const match = typeof stamp === 'string' ? /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(stamp) : null;
  if (!match) return 'invalid';
  const signed = hmac(deriveKey(authSecret, 'form-stamp'), spaceId, formRef, match[1]!);
  if (!sameSignature(match[2]!, signed)) return 'invalid';
  const age = now - Number(match[1]);
  if (age < MIN_FILL_MS) return 'tooFast';
  return age > MAX_STAMP_AGE_MS ? 'expired' : 'ok';
}
