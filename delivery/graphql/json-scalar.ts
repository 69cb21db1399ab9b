import { GraphQLScalarType, Kind, type ValueNode } from 'graphql/index.js';

/**
 * `JSON`: structured values the schema does not type field by field (rich text, a grid, a block's layout and
 * instance style), delivered exactly as REST delivers them.
 */
export const jsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value, delivered as REST delivers it (rich text documents, grids, layouts, styles).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => literal(ast, variables ?? undefined),
});

function literal(ast: ValueNode, variables: Record<string, unknown> | undefined): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((v) => literal(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
  }
}
