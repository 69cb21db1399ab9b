import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../core/db/json-memo.ts';
import type { Db } from '../../core/db/types.ts';
import type { TypeDef } from '../../core/space-format/field-defs.ts';
import { emptyModel, type SpaceModel } from './content-model.ts';

/**
 * The running content-type registry: each space's content and block types, read the first time the space is
 * asked for and kept in memory with the schema version of `registry_state`, until `reload()` (the management
 * API's `POST /api/v1/contentTypes/reload`, passed to every process). A process serving many spaces (10,000
 * sites in one website process, issue 42) keeps at most `CONTENT_MODELS_KEPT` of them, least recently used out
 * first (lru-cache); one read of a space's rows brings a dropped one back.
 */
export interface Registry {
  model(spaceId: string): Promise<SpaceModel>;
  schemaVersion(): Promise<number>;
  reload(): Promise<void>;
}
interface TypeRow {
  space_id: string;
  kind: 'content' | 'block';
  name: string;
  title: string;
  /** As text: parsed only for a model not shared yet (`shared`). */
  fields: string | null;
}

function group(rows: TypeRow[], schemaVersion: number): Map<string, SpaceModel> {
  const spaces = new Map<
    string,
    { schemaVersion: number; contentTypes: Map<string, TypeDef>; blockTypes: Map<string, TypeDef> }
  >();
  for (const row of rows) {
    let model = spaces.get(row.space_id);
    if (!model) {
      model = { schemaVersion, contentTypes: new Map(), blockTypes: new Map() };
      spaces.set(row.space_id, model);
    }
    const def: TypeDef = {
      name: row.name,
      title: row.title,
      fields: row.fields ? JSON.parse(row.fields) : [],
    };
    (row.kind === 'content' ? model.contentTypes : model.blockTypes).set(row.name, def);
  }
  return spaces;
}

const typesSql = `select space_id, kind, name, title, fields::text as fields from content_types where space_id = $1`;
const order = ` order by space_id, kind, position, name`;

/**
 * Models by their content (schema version and every type's kind, name, title and fields' text): spaces made
 * from one template have equal types, and each kept its own copy of them, as did everything derived from a model
 * per space (public field definitions, the site's designs; issue 42). Spaces with equal types share one frozen
 * model, so what is derived from it can be kept by the model (WeakMap) and shared too; fields are parsed only for
 * a model not kept yet. At most `SHARED_MODELS`, least recently used out first; a model dropped here stays with
 * the spaces that hold it.
 */
const SHARED_MODELS = 256;
const sharedModels = new LRUCache<string, SpaceModel>({ max: SHARED_MODELS });

function shared(rows: TypeRow[], schemaVersion: number, make: () => SpaceModel | undefined): SpaceModel {
  let key = String(schemaVersion);
  for (const r of rows) key += `\u0001${r.kind}\u0000${r.name}\u0000${r.title}\u0000${r.fields}`;
  let model = sharedModels.get(key);
  if (!model) {
    model = make() ?? emptyModel(schemaVersion);
    for (const types of [model.contentTypes, model.blockTypes])
      for (const def of types.values()) deepFreeze(def);
    sharedModels.set(key, model);
  }
  return model;
}

/** How many spaces' models each registry keeps (`CONTENT_MODELS_KEPT`). */
let modelsKept = 2000;

/** Sets the bound of the models kept per registry (`CONTENT_MODELS_KEPT`), for registries made after. */
export function boundContentModels(count: number): void {
  modelsKept = Math.max(1, Math.floor(count));
}

export function createRegistry(db: Db): Registry {
  let version: Promise<number> | undefined;
  let models = new LRUCache<string, Promise<SpaceModel>>({ max: modelsKept });

  const readVersion = () => {
    const next = db
      .query<{ schema_version: number }>('select schema_version from registry_state')
      .then((res) => res.rows[0]?.schema_version ?? 1);
    // A failed read (database down) is not kept: the next read tries again.
    next.catch(() => {
      if (version === next) version = undefined;
    });
    version = next;
    return next;
  };

  return {
    async model(spaceId) {
      let pending = models.get(spaceId);
      if (!pending) {
        const kept = models;
        pending = (async () => {
          const schemaVersion = await (version ?? readVersion());
          const res = await db.query<TypeRow>(typesSql + order, [spaceId]);
          return shared(res.rows, schemaVersion, () => group(res.rows, schemaVersion).get(spaceId));
        })();
        pending.catch(() => {
          if (kept.get(spaceId) === pending) kept.delete(spaceId);
        });
        kept.set(spaceId, pending);
      }
      return pending;
    },
    async schemaVersion() {
      return version ?? readVersion();
    },
    async reload() {
      models = new LRUCache({ max: modelsKept });
      await readVersion();
    },
  };
}
