import { coreMigrations, type Migration } from '../core/db/migrations.ts';
import { registerErrors } from '../core/errors/catalogue.ts';
import type { Plugin } from '../core/plugins.ts';
import { websitePlugin } from '../site/plugin/index.ts';

/** The plugins this instance loads, by setting. Core never imports a plugin; this is the one place that does. */
export function loadPlugins(options: { website: boolean }): Plugin[] {
  const plugins = options.website ? [websitePlugin] : [];
  for (const p of plugins) if (p.errors) registerErrors(p.errors);
  return plugins;
}

export function allMigrations(plugins: Plugin[]): Migration[] {
  return [...coreMigrations(), ...plugins.flatMap((p) => p.migrations())];
}
