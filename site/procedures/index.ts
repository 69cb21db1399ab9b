import type { AnyProcedure } from '../../core/rpc/procedure.ts';
import { designsPublishAll } from './designs-publish-all.ts';
import { shareCreate } from './share-create.ts';
import { domainsCreate, domainsDelete, domainsList, domainsUpdate } from './website-domains.ts';
import { websiteSettingsGet, websiteSettingsSet } from './website-settings.ts';

export { websiteProcedureErrors } from './errors.ts';

/** The website plugin's management procedures (`Plugin.procedures`). */
export const websiteProcedures: AnyProcedure[] = [
  websiteSettingsGet,
  websiteSettingsSet,
  domainsList,
  domainsCreate,
  domainsUpdate,
  domainsDelete,
  designsPublishAll,
  shareCreate,
];
