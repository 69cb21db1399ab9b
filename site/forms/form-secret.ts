/**
 * The `AUTH_SECRET` that signs form stamps and results in this process. The website server sets
 * it once at start; the render (stamps) and site access (results) read it from here, so neither
 * the pure render context nor the `SiteAccess` contract needs to carry a secret.
 */
let secretOf: (() => string) | undefined;

export function setFormSecret(authSecret: () => string): void {
  secretOf = authSecret;
}

/** The secret, or undefined before the website server started (forms then render without a stamp). */
export function formSecret(): string | undefined {
  return secretOf?.();
}
