import { EMBED_FRAME_SRC } from '../../core/designs/index.ts';

/**
 * The page Content-Security-Policy, exactly delivery-and-site.md's table ("Response headers of
 * the site process"). `frame-src` lists the embed providers the `embed` node accepts.
 */
export const STRICT_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data: https:",
  "media-src 'self' https:",
  `frame-src ${EMBED_FRAME_SRC.join(' ')}`,
  "connect-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** When the site has head or body code: anything over https, inline and eval, with the three guards kept. */
export const RELAXED_PAGE_CSP = [
  "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function pageCsp(site: { headCode: string; bodyCode: string }): string {
  return site.headCode.trim() || site.bodyCode.trim() ? RELAXED_PAGE_CSP : STRICT_PAGE_CSP;
}
