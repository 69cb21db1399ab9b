import type { Context } from 'hono';
import type { SiteDeps } from '../pipeline/deps.ts';
import { findDomain } from '../pipeline/find-domain.ts';

/**
 * `GET /_cms/domain-check?domain=<host>`: 200 `ok` for a host in `website_domains`, else 404.
 * A TLS terminator asks it before issuing a certificate on demand, so it answers for any host
 * of the table, whatever the space's mode.
 */
export async function domainCheck(c: Context, deps: SiteDeps): Promise<Response> {
  const host = (c.req.query('domain') ?? '').trim().toLowerCase().replace(/\.$/, '');
  const known = host !== '' && (await findDomain(deps, host)) !== null;
  return c.text(known ? 'ok' : 'not found', known ? 200 : 404, { 'Cache-Control': 'no-store' });
}
