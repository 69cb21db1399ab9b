/**
 * Whether a request that carries a session cookie comes from the management origin itself: its `Origin`
 * names the host the request was sent to, or, when a browser sends no `Origin`, `Sec-Fetch-Site` says
 * `same-origin`. A request with neither is refused too: a cookie alone never authorizes a procedure, so no
 * other site can make a signed-in browser call one (CSRF). Pure, for unit tests.
 */
export function fromSameOrigin(headers: { origin?: string; host?: string; secFetchSite?: string }): boolean {
  const { origin, host, secFetchSite } = headers;
  if (origin !== undefined) {
    if (!host || origin === 'null') return false;
    try {
      return new URL(origin).host.toLowerCase() === host.toLowerCase();
    } catch {
      return false;
    }
  }
  return secFetchSite === 'same-origin';
}
