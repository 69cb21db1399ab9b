import type { Db } from '../../core/db/types.ts';
import type { TypeDef } from '../../core/space-format/field-defs.ts';
import { emptyModel, type SpaceModel } from './content-model.ts';

/**
 * The running content-type registry: every space's content and block types, loaded once and kept in memory
 * with the schema version of `registry_state`, until `reload()` (the management API's
 * `POST /api/v1/contentTypes/reload`, passed to every process). A space created after the load is read the
 * first time it is asked for, so a new space is served without a reload.
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
  fields: TypeDef['fields'];
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
    const def: TypeDef = { name: row.name, title: row.title, fields: row.fields ?? [] };
    (row.kind === 'content' ? model.contentTypes : model.blockTypes).set(row.name, def);
  }
  return spaces;
}

const typesSql = `select space_id, kind, name, title, fields from content_types`;
const order = ` order by space_id, kind, position, name`;

export function createRegistry(db: Db): Registry {
  let loaded: Promise<{ version: number; spaces: Map<string, SpaceModel> }> | undefined;
  const late = new Map<string, Promise<SpaceModel>>();

  const load = () => {
    late.clear();
    const next = (async () => {
      const [version, types] = await Promise.all([
        db.query<{ schema_version: number }>('select schema_version from registry_state'),
        db.query<TypeRow>(typesSql + order),
      ]);
      const schemaVersion = version.rows[0]?.schema_version ?? 1;
      return { version: schemaVersion, spaces: group(types.rows, schemaVersion) };
    })();
    // A failed load (database down) is not kept: the next read tries again.
    next.catch(() => {
      if (loaded === next) loaded = undefined;
    });
    loaded = next;
    return next;
  };

  return {
    async model(spaceId) {
      const state = await (loaded ?? load());
      const known = state.spaces.get(spaceId);
      if (known) return known;
      let pending = late.get(spaceId);
      if (!pending) {
        pending = db
          .query<TypeRow>(`${typesSql} where space_id = $1${order}`, [spaceId])
          .then((res) => group(res.rows, state.version).get(spaceId) ?? emptyModel(state.version));
        pending.catch(() => late.delete(spaceId));
        late.set(spaceId, pending);
      }
      return pending;
    },
    async schemaVersion() {
      return (await (loaded ?? load())).version;
    },
    async reload() {
      await load();
    },
  };
}
