import type { AnyProcedure } from '../rpc/procedure.ts';
import { assetsUses } from './asset-uses.ts';
import { assetsList } from './assets-list.ts';
import { assetsDelete, assetsUpdate } from './assets-write.ts';
import { contentCreate } from './content-create.ts';
import { contentDelete } from './content-delete.ts';
import { contentDiscardDraft } from './content-discard-draft.ts';
import { contentGet } from './content-get.ts';
import { contentList } from './content-list.ts';
import { contentMove } from './content-move.ts';
import { contentPublish } from './content-publish.ts';
import { contentScheduled } from './content-scheduled.ts';
import { contentUnpublish } from './content-unpublish.ts';
import { contentUnschedule } from './content-unschedule.ts';
import { contentUpdate } from './content-update.ts';
import { menusGet, menusList, menusUpdate } from './menus.ts';
import { previewTokensCreate, previewTokensList, previewTokensRevoke } from './preview-tokens.ts';
import { redirectsCreate, redirectsDelete, redirectsList, redirectsUpdate } from './redirects.ts';
import { webhooksDeliveries } from './webhook-deliveries.ts';
import { webhooksCreate, webhooksDelete, webhooksList, webhooksUpdate } from './webhooks.ts';

/** The core's management procedures; plugins add theirs through `Plugin.procedures`. */
export const coreProcedures: AnyProcedure[] = [
  contentList,
  contentGet,
  contentCreate,
  contentUpdate,
  contentMove,
  contentDelete,
  contentDiscardDraft,
  contentPublish,
  contentUnpublish,
  contentScheduled,
  contentUnschedule,
  menusList,
  menusGet,
  menusUpdate,
  assetsList,
  assetsUses,
  assetsUpdate,
  assetsDelete,
  redirectsList,
  redirectsCreate,
  redirectsUpdate,
  redirectsDelete,
  webhooksList,
  webhooksCreate,
  webhooksUpdate,
  webhooksDelete,
  webhooksDeliveries,
  previewTokensList,
  previewTokensCreate,
  previewTokensRevoke,
];
