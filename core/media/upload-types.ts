/**
 * What may be uploaded, by the type sniffed from the bytes (never the name or the client's header). SVG is
 * absent on purpose: it can carry script, and the site serves media from its own origin. Pure, so the
 * studio checks a file against the same list before sending it.
 */
export const uploadTypes: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'application/pdf': 'pdf',
  'font/woff2': 'woff2',
};
