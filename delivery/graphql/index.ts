// The public GraphQL API: its route (mounted by the public API under scope `graphql`) and the schema builder.

export { buildSchema } from './build-schema.ts';
export { type GraphqlDeps, type GraphqlEnv, graphqlRoutes } from './graphql-route.ts';
