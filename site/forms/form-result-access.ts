import type { Context } from 'hono';
import { FORM_RESULT_PARAM, verifyFormOutcome } from '../access/form-result.ts';
import type { SiteInfo } from '../pipeline/types.ts';
import type { FormResult } from '../render/context.ts';
import { formSecret } from './form-secret.ts';

/**
 * The form result a page request carries, or undefined.
 *
 * After a form post without script, `POST /_cms/forms/…` answers 303 back to the page with
 * `?form-result=<signed value>`. This reads that query parameter and verifies its signature
 * (bound to `site.space.id`, at most 10 minutes old). A page request with a valid result must be
 * rendered past the shared page cache and answered `private, no-store`; the form's `formMessage`
 * then shows the thank-you (`ok: true`) or error message of the form `formNodeId`.
 * A missing, tampered, expired or foreign value gives undefined (the page renders as usual).
 * The signing secret is the process's `AUTH_SECRET`, set once by `websiteServer` (form-secret.ts).
 */
export function readFormResult(c: Context, site: SiteInfo): FormResult | undefined {
  const value = c.req.query(FORM_RESULT_PARAM);
  const secret = formSecret();
  if (!value || !secret) return undefined;
  const outcome = verifyFormOutcome(secret, site.space.id, value);
  return outcome ? { formNodeId: outcome.nodeId, ok: outcome.ok } : undefined;
}
