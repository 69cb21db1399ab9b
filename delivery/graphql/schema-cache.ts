import type { GraphQLSchema } from 'graphql/index.js';
import type { Reader } from '../reader/types.ts';
import { buildSchema } from './build-schema.ts';

export interface SpaceSchema {
  schema: GraphQLSchema;
  schemaVersion: number;
}

/**
 * The schema of each space, built once per registry schema version: a content-type reload that bumps the
 * version swaps the schema on the next request, without a restart. Only the newest version of a space is
 * kept. Concurrent first requests share one build.
 */
export function schemaCache(reader: Reader): (spaceId: string) => Promise<SpaceSchema> {
  const built = new Map<string, { schemaVersion: number; pending: Promise<SpaceSchema> }>();
  return async (spaceId) => {
    const schemaVersion = await reader.schemaVersion();
    const hit = built.get(spaceId);
    if (hit && hit.schemaVersion === schemaVersion) return hit.pending;
    const pending = reader.contentModel(spaceId).then((model) => ({
      schema: buildSchema(model),
      schemaVersion: model.schemaVersion,
    }));
    const entry = { schemaVersion, pending };
    built.set(spaceId, entry);
    pending.catch(() => {
      if (built.get(spaceId) === entry) built.delete(spaceId);
    });
    return pending;
  };
}
