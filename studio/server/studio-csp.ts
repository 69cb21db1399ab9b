/**
 * The studio's Content-Security-Policy: its own script and stylesheet only (no inline script, no inline
 * style, no third-party origin), calls to its own origin (`/rpc`, `/auth`), forms that post to itself
 * (sign-in, sign-out), and one frame: the website's canvas. Nobody may frame the studio.
 */
export function studioCsp(siteOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${siteOrigin}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
