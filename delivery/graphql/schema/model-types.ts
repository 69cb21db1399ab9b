import {
  GraphQLBoolean,
  type GraphQLFieldConfigMap,
  GraphQLFloat,
  GraphQLID,
  type GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLString,
} from 'graphql/index.js';
import { type FieldDef, isPublic } from '../../../core/space-format/field-defs.ts';
import type { GraphqlContext, Located } from '../context.ts';
import { jsonScalar } from '../json-scalar.ts';
import {
  blockBuiltInFields,
  contentBuiltInFields,
  fieldNames,
  type NameAllocator,
  pascalCase,
  repeaterItemBuiltInFields,
} from '../names.ts';
import { type CommonTypes, listOf } from './common-types.ts';
import { fieldValue } from './field-values.ts';

/** A content or block type of the content model, as `ContentModel` delivers it (public fields only). */
export interface ModelType {
  name: string;
  title: string;
  fields: FieldDef[];
}

/** Any source of type fields: a document, a block or a repeater item (all have `fields` and a locale). */
type FieldsSource = Located & { fields?: Record<string, unknown> };

/**
 * The object types of the content model. Names are allocated here, in one order that makes clashes
 * deterministic: content types, then block types (each in model order), then repeater item types as
 * their fields are met (content types first, depth first).
 */
export function modelTypes(args: {
  contentTypes: readonly ModelType[];
  blockTypes: readonly ModelType[];
  common: CommonTypes;
  typeNames: NameAllocator;
}) {
  const { common, typeNames } = args;
  const contentNames = new Map(args.contentTypes.map((t) => [t.name, typeNames.take(pascalCase(t.name))]));
  const blockNames = new Map(args.blockTypes.map((t) => [t.name, typeNames.take(pascalCase(t.name))]));

  const output = (def: FieldDef): GraphQLOutputType => {
    const many = (t: GraphQLOutputType) => (def.multiple ? listOf(t) : t);
    switch (def.type) {
      case 'number':
        return GraphQLFloat;
      case 'boolean':
        return GraphQLBoolean;
      case 'select':
        return def.multiple ? listOf(GraphQLString) : GraphQLString;
      case 'richText':
        return jsonScalar;
      case 'link':
        return common.link;
      case 'image':
      case 'file':
        return many(common.asset);
      case 'content':
        return many(common.contentNode);
      case 'user':
        return many(common.user);
      case 'blocks':
        return common.blocks;
      case 'repeater':
        return new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(repeaterItem(def))));
      default:
        return GraphQLString;
    }
  };

  // Repeater item types, named and built up front in the documented order (not when graphql-js walks thunks).
  const repeaterTypes = new Map<FieldDef, GraphQLObjectType>();
  const repeaterItem = (def: FieldDef): GraphQLObjectType => repeaterTypes.get(def)!;
  const declareRepeaters = (defs: readonly FieldDef[], owner: string) => {
    for (const def of defs.filter(isPublic)) {
      if (def.type !== 'repeater') continue;
      const name = typeNames.take(`${owner}${pascalCase(def.name)}Item`);
      const subFields = def.fields ?? [];
      repeaterTypes.set(
        def,
        new GraphQLObjectType<FieldsSource & { itemId: string }, GraphqlContext>({
          name,
          description: `An item of the repeater field "${def.name}".`,
          fields: () => ({
            itemId: { type: new GraphQLNonNull(GraphQLID) },
            ...typeFields(subFields, repeaterItemBuiltInFields),
          }),
        }),
      );
      declareRepeaters(subFields, name);
    }
  };
  for (const t of args.contentTypes) declareRepeaters(t.fields, contentNames.get(t.name)!);
  for (const t of args.blockTypes) declareRepeaters(t.fields, blockNames.get(t.name)!);

  const typeFields = (defs: readonly FieldDef[], builtIns: readonly string[]) => {
    const visible = defs.filter(isPublic);
    const names = fieldNames(
      visible.map((d) => d.name),
      builtIns,
    );
    const fields: GraphQLFieldConfigMap<FieldsSource, GraphqlContext> = {};
    visible.forEach((def, i) => {
      fields[names[i]!] = {
        type: output(def),
        ...(def.title ? { description: def.title } : {}),
        resolve: (src, _args, ctx) => fieldValue(def, src.fields?.[def.name], src.locale, ctx),
      };
    });
    return fields;
  };

  const objectType = (
    t: ModelType,
    name: string,
    iface: GraphQLInterfaceType,
    builtIn: () => object,
    builtIns: readonly string[],
  ) =>
    new GraphQLObjectType<FieldsSource, GraphqlContext>({
      name,
      description: `${t.title} (\`${t.name}\`).`,
      interfaces: [iface],
      fields: () => ({
        ...(builtIn() as GraphQLFieldConfigMap<FieldsSource, GraphqlContext>),
        ...typeFields(t.fields, builtIns),
      }),
    });

  const contentTypes = args.contentTypes.map((t) =>
    objectType(
      t,
      contentNames.get(t.name)!,
      common.contentNode,
      common.contentNodeFields,
      contentBuiltInFields,
    ),
  );
  const blockTypes = args.blockTypes.map((t) =>
    objectType(t, blockNames.get(t.name)!, common.block, common.blockFields, blockBuiltInFields),
  );
  return { contentNames, blockNames, contentTypes, blockTypes, repeaterItems: [...repeaterTypes.values()] };
}
