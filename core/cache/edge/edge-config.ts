import type { Config } from '../../config/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { cloudflarePurger, type EdgePurger, fastlyPurger, varnishPurger } from './edge-purgers.ts';

const missing = (message: string) => new AppError('config.invalid', { message });

/** The purger `EDGE_CACHE` names, or undefined for `none`; a setting it needs and lacks stops the start. */
export function edgePurgerFrom(config: Config): EdgePurger | undefined {
  switch (config.EDGE_CACHE) {
    case 'none':
      return undefined;
    case 'varnish':
      if (!config.EDGE_PURGE_URLS?.length) throw missing('EDGE_CACHE=varnish needs EDGE_PURGE_URLS');
      return varnishPurger(config.EDGE_PURGE_URLS);
    case 'fastly':
      if (!config.FASTLY_SERVICE_ID || !config.FASTLY_API_TOKEN)
        throw missing('EDGE_CACHE=fastly needs FASTLY_SERVICE_ID and FASTLY_API_TOKEN');
      return fastlyPurger({
        serviceId: config.FASTLY_SERVICE_ID,
        token: config.FASTLY_API_TOKEN,
        apiUrl: config.FASTLY_API_URL,
      });
    case 'cloudflare':
      if (!config.CLOUDFLARE_ZONE_ID || !config.CLOUDFLARE_API_TOKEN)
        throw missing('EDGE_CACHE=cloudflare needs CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN');
      return cloudflarePurger({
        zoneId: config.CLOUDFLARE_ZONE_ID,
        token: config.CLOUDFLARE_API_TOKEN,
        apiUrl: config.CLOUDFLARE_API_URL,
      });
  }
}
