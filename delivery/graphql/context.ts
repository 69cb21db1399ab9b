import type { GraphQLSchema } from 'graphql/index.js';
import type { Reader, SpaceInfo } from '../reader/types.ts';
import type { RequestReads } from './request-reads.ts';

/** What every resolver receives: the request's space and its batched reads (tags go to the response's entry). */
export interface GraphqlContext {
  space: SpaceInfo;
  reader: Reader;
  reads: RequestReads;
}

/** Sources of objects nested in a document carry the document's locale, so their relations read in it. */
export interface Located {
  locale: string;
}

/**
 * What the HTTP route hands yoga for one request (yoga's server context, which becomes the resolvers'
 * context): the resolved space, its schema, the request's origin for asset addresses, and batched reads
 * that record tags into the answer being cached.
 */
export interface GraphqlServerContext extends GraphqlContext {
  schema: GraphQLSchema;
  schemaVersion: number;
  origin: string;
  requestId?: string;
  /** The JSON body of a POST, parsed by the route: yoga's parameters (graphql-route.ts, `parsedBodyPlugin`). */
  operationBody?: object;
}
