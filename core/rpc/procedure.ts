import type { z } from 'zod';
import type { ApiPrincipal } from '../auth/api-keys.ts';
import type { TaggedCache } from '../cache/tagged-cache.ts';
import type { Db } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { Plugin } from '../plugins.ts';
import type { Permission } from './permissions.ts';
import type { SpaceRef } from './spaces.ts';

/** What a procedure adds to its audit entry: the object it acted on and a summary (secrets are removed). */
export interface AuditNotes {
  target?: string;
  details?: Record<string, unknown>;
}

export interface ProcedureContext {
  db: Db;
  cache: TaggedCache;
  log: Logger;
  principal: ApiPrincipal;
  /** The space named by the input's `space`, checked against the key's spaces. */
  space: SpaceRef;
  /** Throws 403 `auth.forbidden` unless the key holds the permission (for rules that depend on the input). */
  require(permission: Permission): void;
  audit: AuditNotes;
  /** The instance's plugins: a written block's `ext.<plugin>` is checked by its plugin, as the import does. */
  plugins: Plugin[];
  /** What some procedures need of the instance: the auth secret (signing share links) and a site host's origin. */
  instance?: ProcedureInstance;
  /** Where original uploads live (`MEDIA_STORAGE`): `assets.delete` removes a file no asset refers to any more. */
  storage?: MediaStorage;
}

export interface ProcedureInstance {
  authSecret(): string;
  /** `https://<host>` (by `SITE_URL_TEMPLATE`): where the designed site of a host answers. */
  siteOrigin(host: string): string;
  /** `WEBHOOK_ALLOW_PRIVATE`: hooks may point at loopback and private addresses (off when left out). */
  allowPrivateWebhooks?: boolean;
}

/**
 * A management procedure: `POST /rpc/<name>` with a JSON body. Its input schema names the space as `space`
 * (name or id); `permission` is checked before the input is read.
 */
export interface Procedure<
  S extends z.ZodType<{ space: string }> = z.ZodType<{ space: string }>,
  O = unknown,
> {
  name: string;
  permission: Permission;
  input: S;
  run(ctx: ProcedureContext, input: z.output<S>): Promise<O>;
}

/** Keeps the input type of `run` tied to the schema. */
export function defineProcedure<S extends z.ZodType<{ space: string }>, O>(
  p: Procedure<S, O>,
): Procedure<S, O> {
  return p;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of procedures holds many input types
export type AnyProcedure = Procedure<any, unknown>;
