import type { AnyProcedure } from '../../core/rpc/procedure.ts';
import { designsDiscardDraft, designsGet, designsList, designsSaveDraft } from './designs-drafts.ts';
import { designsPublishAll } from './designs-publish-all.ts';
import { designsRestore, designsRevisions } from './designs-revisions.ts';
import { shareCreate, shareRevoke } from './share-create.ts';
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
  designsList,
  designsGet,
  designsSaveDraft,
  designsDiscardDraft,
  designsPublishAll,
  designsRevisions,
  designsRestore,
  shareCreate,
  shareRevoke,
];
