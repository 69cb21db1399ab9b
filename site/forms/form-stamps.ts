import { formStamp } from '../access/form-stamp.ts';
import type { RenderContext } from '../render/context.ts';
import { formSecret } from './form-secret.ts';

/**
 * The render context's stamper for a page of `spaceId`: each form gets `<render time>.<HMAC>`
 * over the space and its reference. A cached page keeps its stamp, so "too fast" counts from the
 * first render and a stamp lives a day (MAX_STAMP_AGE_MS), far beyond a page's cache lifetime.
 * Without a secret (a process that serves no forms) forms render without one.
 */
export function formStamps(spaceId: string): Pick<RenderContext, 'formStamp'> {
  const secret = formSecret();
  if (!secret) return {};
  const now = Date.now();
  return { formStamp: (formRef: string) => formStamp(secret, spaceId, formRef, now) };
}
