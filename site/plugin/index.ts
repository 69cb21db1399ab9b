import { migrationsIn } from '../../core/db/migrations.ts';
import type { Plugin } from '../../core/plugins.ts';
import { websiteAssetUses } from '../media/design-assets.ts';
import { websiteProcedureErrors, websiteProcedures } from '../procedures/index.ts';
import { checkBlockExt, websiteSpaceSection } from './website-section.ts';

/** The website plugin: designed sites. Wired by the CLI when `WEBSITE_PLUGIN` is on. */
export const websitePlugin: Plugin = {
  id: 'website',
  migrations: () => migrationsIn(new URL('../migrations/', import.meta.url), 'website'),
  spaceSection: websiteSpaceSection,
  blockExt: { check: checkBlockExt },
  errors: websiteProcedureErrors,
  procedures: websiteProcedures,
  assetUses: websiteAssetUses,
};
