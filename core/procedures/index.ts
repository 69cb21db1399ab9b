import type { AnyProcedure } from '../rpc/procedure.ts';
import { contentPublish } from './content-publish.ts';
import { contentUnpublish } from './content-unpublish.ts';
import { redirectsCreate, redirectsDelete, redirectsList, redirectsUpdate } from './redirects.ts';
import { webhooksDeliveries } from './webhook-deliveries.ts';
import { webhooksCreate, webhooksDelete, webhooksList, webhooksUpdate } from './webhooks.ts';

/** The core's management procedures; plugins add theirs through `Plugin.procedures`. */
export const coreProcedures: AnyProcedure[] = [
  contentPublish,
  contentUnpublish,
  redirectsList,
  redirectsCreate,
  redirectsUpdate,
  redirectsDelete,
  webhooksList,
  webhooksCreate,
  webhooksUpdate,
  webhooksDelete,
  webhooksDeliveries,
];
