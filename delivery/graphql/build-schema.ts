import { GraphQLSchema } from 'graphql/index.js';
import type { FieldDef } from '../../core/space-format/field-defs.ts';
import type { ContentModel } from '../reader/types.ts';
import { builtInTypeNames, NameAllocator } from './names.ts';
import { commonTypes } from './schema/common-types.ts';
import { type ModelType, modelTypes } from './schema/model-types.ts';
import { queryType } from './schema/query-type.ts';

const asModelTypes = (types: ContentModel['contentTypes']): ModelType[] =>
  types.map((t) => ({ name: t.name, title: t.title, fields: t.fields as FieldDef[] }));

/**
 * The public GraphQL schema of one space's content model (docs/graphql.md): a query root, no mutations and
 * no subscriptions. Pure: the same model always gives the same schema, names and clash suffixes included.
 */
export function buildSchema(model: ContentModel): GraphQLSchema {
  const typeNames = new NameAllocator(builtInTypeNames);
  let names: ReturnType<typeof modelTypes> | undefined;
  const common = commonTypes({
    contentType: (type) => names?.contentNames.get(type),
    blockType: (type) => names?.blockNames.get(type),
  });
  names = modelTypes({
    contentTypes: asModelTypes(model.contentTypes),
    blockTypes: asModelTypes(model.blockTypes),
    common,
    typeNames,
  });
  return new GraphQLSchema({
    query: queryType(common),
    types: [...names.contentTypes, ...names.blockTypes, ...names.repeaterItems],
  });
}
