import { EMBED_FRAME_SRC } from '../../core/designs/index.ts';

/**
 * The canvas page's Content-Security-Policy (delivery-and-site.md, "Response headers of the site
 * process"): the only page that may be framed, by the editor origins alone; no connections and no form
 * posts (the app never fetches, a design's form never submits); fonts and images from any origin (the
 * admin's sample content points wherever its media lives). The rest is the strict page policy: script
 * only from the site itself, the embed providers' frames, no plugins, no `<base>`.
 */
export function canvasCsp(editorOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    'font-src * data:',
    'img-src * data: blob:',
    'media-src * data: blob:',
    `frame-src ${EMBED_FRAME_SRC.join(' ')}`,
    "connect-src 'none'",
    "form-action 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${editorOrigins.join(' ')}`,
  ].join('; ');
}
