import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createApiKey, verifyApiKeyToken } from '../../core/auth/api-keys.ts';
import { createLinkToken } from '../../core/auth/sessions.ts';
import { defaultScopes, loadConfig, type ServerMode } from '../../core/config/index.ts';
import { migrate } from '../../core/db/migrations.ts';
import { listen } from '../../core/http/listen.ts';
import { demoConfigFile, demoSpaceFile } from '../../demo/project.ts';
import type { LoadedProject } from '../../site/components/load-config.ts';
import { buildApp } from '../app.ts';
import { startBackground } from '../background.ts';
import { allMigrations } from '../plugins.ts';
import { createServices, type Services } from '../services.ts';
import { importSpaceFile } from '../space-files.ts';
import { startProject, watchProject } from './project.ts';
import { progressLine } from './shared.ts';

/** A project's own `space.json` next to its verso.config.ts (what `verso init` writes), else none. */
function projectSpace(project: LoadedProject | null): string | null {
  if (!project || project.configFile === demoConfigFile) return null;
  const file = join(dirname(project.configFile), 'space.json');
  return existsSync(file) ? file : null;
}

/** The development key is kept in DATA_DIR so that it stays the same across restarts. */
async function devApiKey(services: Services): Promise<string> {
  const file = join(services.config.DATA_DIR, 'dev-api-key');
  const saved = await readFile(file, 'utf8').catch(() => '');
  if (saved.trim()) return saved.trim();
  const { token } = await createApiKey(services.db, { name: 'development', role: 'owner' });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** `npm start`: migrate, import the demo on first start, and serve all three surfaces from one process. */
export async function devCommand(): Promise<void> {
  const loaded = loadConfig(process.env, { development: true });
  const [managementPort, publicPort, websitePort] = loaded.DEV_PORTS;
  const site = `http://localhost:${websitePort}`;
  const management = `http://localhost:${managementPort}`;
  // The studio (management, :3000) frames the website's canvas, which only an editor origin may frame.
  // Webhooks may call a receiver on this machine, and GraphQL answers introspection (GraphiQL at /graphql), unless
  // WEBHOOK_ALLOW_PRIVATE or PUBLIC_GRAPHQL_INTROSPECTION say otherwise.
  const config = {
    ...loaded,
    EDITOR_ORIGIN: loaded.EDITOR_ORIGIN ?? [management],
    // Share links and the studio's canvas address the site on its port.
    SITE_URL_TEMPLATE: loaded.SITE_URL_TEMPLATE ?? `http://{host}:${websitePort}`,
    WEBHOOK_ALLOW_PRIVATE: process.env.WEBHOOK_ALLOW_PRIVATE ? loaded.WEBHOOK_ALLOW_PRIVATE : true,
    PUBLIC_GRAPHQL_INTROSPECTION: process.env.PUBLIC_GRAPHQL_INTROSPECTION
      ? loaded.PUBLIC_GRAPHQL_INTROSPECTION
      : true,
  };
  // The project's components (verso.config.ts here, else the demo's) are compiled before anything starts.
  const project = await startProject();
  const services = await createServices(config);
  const { db } = services;
  if (project) watchProject(project, services);
  await migrate(db, allMigrations(services.plugins));
  services.authSecret();
  const spaces = await db.query<{ n: number }>('select count(*)::int as n from spaces');
  if (spaces.rows[0]?.n === 0) {
    process.stdout.write('Importing the demo space…\n');
    await importSpaceFile(db, projectSpace(project) ?? demoSpaceFile, {
      plugins: services.plugins,
      storage: services.storage,
      onProgress: progressLine,
    });
  }
  const key = await devApiKey(services);
  const principal = await verifyApiKeyToken(db, key);
  const signIn = principal ? await createLinkToken(db, principal.keyId) : null;
  const surfaces: Array<[ServerMode, number]> = [
    ['management', managementPort],
    ['public', publicPort],
    ['website', websitePort],
  ];
  for (const [mode, port] of surfaces) {
    const scoped = { ...services, config: { ...config, SERVER_MODE: mode, SCOPES: defaultScopes(mode) } };
    await listen(buildApp(mode, scoped), {
      port,
      hostname: config.HOST === '0.0.0.0' ? 'localhost' : config.HOST,
    });
  }
  // One process serves all three: one registry watch, and the management instance's housekeeping (timers).
  await startBackground(
    surfaces.map(([mode]) => mode),
    services,
  );
  process.stdout.write(
    [
      '',
      `Verso is running (development; data in ${config.DATA_DIR})`,
      `  designed site    ${site}   (German: http://de.localhost:${websitePort})`,
      `  public API       http://localhost:${publicPort}   (REST /v1, GraphQL /graphql)`,
      `  management API   ${management}`,
      signIn
        ? `  studio           ${management}/auth/link?token=${signIn}   (one-time sign-in link, 10 minutes)`
        : `  studio           ${management}/studio`,
      `  API key          ${key}`,
      '',
    ].join('\n'),
  );
}
