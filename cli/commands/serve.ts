import { loadConfig } from '../../core/config/index.ts';
import { resolveAuthSecret } from '../../core/config/secrets.ts';
import { assertMigrated } from '../../core/db/migrations.ts';
import { listen } from '../../core/http/listen.ts';
import { createReadiness } from '../../core/http/readiness.ts';
import { buildApp } from '../app.ts';
import { startBackground } from '../background.ts';
import { limitHeapGrowth } from '../heap-growth.ts';
import { allMigrations } from '../plugins.ts';
import { closeServices, createServices } from '../services.ts';
import { WARM_UP_LIMIT_MS, warmUp } from '../warm-up.ts';
import { startProject } from './project.ts';

/** One production process: refuses a database behind its migrations and a missing secret, then serves. */
export async function serveCommand(): Promise<void> {
  const config = loadConfig();
  await startProject();
  // Named before the database is opened (a project's own errors come first: cli-failures.test).
  resolveAuthSecret(config);
  const services = await createServices(config, { redis: true });
  const { db, log } = services;
  try {
    await assertMigrated(db, allMigrations(services.plugins));
  } catch (err) {
    await closeServices(services);
    throw err;
  }
  if (config.SERVER_MODE === 'website' && !config.WEBSITE_PLUGIN) {
    await closeServices(services);
    throw new Error('SERVER_MODE=website needs the website plugin (WEBSITE_PLUGIN=true)');
  }
  // A website process holds the bounded state of many sites: V8 collects before its heap is far past it.
  if (config.SERVER_MODE === 'website') limitHeapGrowth(config.SITE_HEAP_GROWTH_PERCENT);
  if (!config.development && config.TRUSTED_PROXIES === undefined) {
    log.warn('TRUSTED_PROXIES is unset: client addresses are read from headers that clients can forge');
  }
  // `/readyz` answers 503 until the process has warmed its hot paths (cli/warm-up.ts).
  const readiness = createReadiness();
  const server = await listen(buildApp(config.SERVER_MODE, services, { readiness }), {
    port: config.PORT,
    hostname: config.HOST,
  });
  const stopBackground = await startBackground([config.SERVER_MODE], services);
  log.info({ mode: config.SERVER_MODE, scopes: config.SCOPES, port: server.port }, 'listening');
  const warmed = await warmUp(config.SERVER_MODE, services);
  const toReady = Math.round(performance.now());
  // Info, not a warning: a loaded machine or a process with nothing to serve yet (no space) is no fault.
  if (warmed.timedOut)
    log.info({ ...warmed, limitMs: WARM_UP_LIMIT_MS }, 'warm-up took its whole time: ready anyway');
  log.info({ mode: config.SERVER_MODE, warmUp: warmed, msToReady: toReady }, `ready in ${toReady} ms`);
  readiness.markReady();
  const stop = async () => {
    await server.close();
    await stopBackground();
    await closeServices(services);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
