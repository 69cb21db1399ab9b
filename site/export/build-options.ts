import type { DomainRow } from '../pipeline/types.ts';

/** `verso build-site`'s options checked: the domain to build, the base URL and the form endpoint. */

/** A refusal of the build, said to the user as it is (no stack). */
export class BuildSiteError extends Error {}

export function chooseDomain(domains: DomainRow[], host: string | undefined): DomainRow {
  if (host) {
    const found = domains.find((d) => d.host === host.toLowerCase());
    if (!found)
      throw new BuildSiteError(
        `"${host}" is not a domain of the space (its domains: ${domains.map((d) => d.host).join(', ') || 'none'}).`,
      );
    if (found.redirectToPrimary)
      throw new BuildSiteError(`"${host}" redirects to the primary domain; build that one.`);
    return found;
  }
  const served = domains.filter((d) => !d.redirectToPrimary && d.environment === 'production');
  const chosen =
    served.find((d) => d.primary && d.locale === null) ?? served.find((d) => d.primary) ?? served[0];
  if (!chosen)
    throw new BuildSiteError('The space has no production domain: add one, or name a host with --host.');
  return chosen;
}

export function parseBaseUrl(value: string): {
  protocol: 'http' | 'https';
  port: string;
  host: string;
  origin: string;
  href: string;
} {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BuildSiteError(`--base-url "${value}" is not an address (e.g. https://www.example.org).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new BuildSiteError(`--base-url must be an http or https address, not "${value}".`);
  if (url.pathname !== '/' || url.search || url.hash)
    throw new BuildSiteError(`--base-url is the site's origin, without a path (got "${value}").`);
  return {
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    port: url.port,
    host: url.hostname,
    origin: url.origin,
    href: `${url.origin}/`,
  };
}

/**
 * `--form-endpoint`: the origin of a website process serving one of the space's domains (forms are found by
 * the host they are posted to). An https site cannot post to or fetch from plain http (mixed content), except
 * on the loopback names browsers trust.
 */
export function formEndpoint(value: string, base: { protocol: string }, domains: DomainRow[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BuildSiteError(
      `--form-endpoint "${value}" is not an address (e.g. https://forms.example.org).`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new BuildSiteError(`--form-endpoint must be an http or https address, not "${value}".`);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    throw new BuildSiteError(`--form-endpoint is an origin, without a path (got "${value}").`);
  const loopback =
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
  if (base.protocol === 'https' && url.protocol === 'http:' && !loopback)
    throw new BuildSiteError(
      `--form-endpoint ${url.origin} is plain http: browsers refuse to post to it from the https site.`,
    );
  const domain = domains.find((d) => d.host === url.hostname);
  if (!domain || domain.redirectToPrimary)
    throw new BuildSiteError(
      `--form-endpoint ${url.origin}: "${url.hostname}" is not a served domain of the space (its domains: ${domains.map((d) => d.host).join(', ') || 'none'}); the website process finds the form by the host it is posted to.`,
    );
  return url.origin;
}
