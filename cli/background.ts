import { cacheTags } from '../core/cache/tags.ts';
import type { ServerMode } from '../core/config/index.ts';
import { startHousekeeping } from '../core/jobs/housekeeping.ts';
import { watchRegistry } from '../core/registry/reload.ts';
import { startScheduledActions } from '../core/scheduling/scheduler.ts';
import { startWebhookDelivery } from '../core/webhooks/delivery-worker.ts';
import { sharedReader } from '../delivery/reader/index.ts';
import type { Services } from './services.ts';

/**
 * What a process runs besides answering requests: every mode follows registry reloads (LISTEN, reads only,
 * so the website mode's read-only role suffices); only the management mode runs housekeeping, scheduled publishes
 * and unpublishes, and sends webhook deliveries. Resolves to a function that stops it all.
 */
export async function startBackground(modes: ServerMode[], services: Services): Promise<() => Promise<void>> {
  const { db, log, cache } = services;
  const blockDesigns = services.plugins.some((p) => p.id === 'website');
  const stopWatching = await watchRegistry({
    db,
    log,
    async onReload(version) {
      // The process's one reader (shared by REST, GraphQL and the site) and whatever was cached with the model.
      await sharedReader({ db, mediaSecret: services.mediaSecret, blockDesigns }).reloadRegistry();
      await cache.purgeTags([cacheTags.registry]);
      log.info({ schemaVersion: version }, 'content-type registry reloaded in this process');
    },
  });
  const housekeeping = modes.includes('management')
    ? startHousekeeping({ db, log, redis: services.redis })
    : undefined;
  const webhooks = modes.includes('management')
    ? await startWebhookDelivery({
        db,
        log,
        redis: services.redis,
        allowPrivate: services.config.WEBHOOK_ALLOW_PRIVATE,
        retryBaseMs: services.config.WEBHOOK_RETRY_BASE_MS,
      })
    : undefined;
  const scheduled = modes.includes('management')
    ? await startScheduledActions({ db, cache, log, redis: services.redis })
    : undefined;
  return async () => {
    await scheduled?.stop();
    await webhooks?.stop();
    await housekeeping?.stop();
    await stopWatching();
  };
}
