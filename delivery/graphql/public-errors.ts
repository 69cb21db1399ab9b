import type { GraphQLError } from 'graphql/index.js';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../../core/log.ts';
import type { GraphqlServerContext } from './context.ts';
import { publicError } from './errors.ts';

type Result = { errors?: readonly GraphQLError[] } & Record<string, unknown>;

/**
 * The one place every answer passes before it is written (results, refusals, HTTP-level errors): each error
 * gets its public form (errors.ts); an unexpected one is logged with the request id and masked.
 */
export function publicErrorsPlugin(log: Logger): Plugin<GraphqlServerContext> {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      const requestId = (serverContext as Partial<GraphqlServerContext>).requestId;
      const report = (err: unknown) => log.error({ err, requestId }, 'GraphQL request failed');
      const fix = (r: Result): Result =>
        r.errors?.length ? { ...r, errors: r.errors.map((e) => publicError(e, report)) } : r;
      if (Array.isArray(result)) setResult(result.map((r) => fix(r as Result)) as never);
      else if (!(Symbol.asyncIterator in (result as object))) setResult(fix(result as Result) as never);
    },
  };
}
