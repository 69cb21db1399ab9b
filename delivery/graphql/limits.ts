import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { GraphQLError, ValidationContext, ValidationRule } from 'graphql/index.js';
import type { Plugin } from 'graphql-yoga';
import { keyedError, parseFailed, validationFailed } from './errors.ts';

export interface GraphqlLimits {
  /** GRAPHQL_MAX_DEPTH: nesting of fields (a fragment adds its fields, not a level). */
  maxDepth: number;
  /** GRAPHQL_MAX_COMPLEXITY: graphql-armor's cost score. */
  maxComplexity: number;
  /** PUBLIC_GRAPHQL_INTROSPECTION. */
  introspection: boolean;
}

/** Fixed guards beside the configurable ones: far above any real query of this schema, far below abuse. */
export const fixedLimits = { maxAliases: 50, maxDirectives: 50, maxTokens: 5000 } as const;

/**
 * The guards of the public endpoint, by graphql-armor: depth, cost, aliases, directives and tokens, with
 * aliases and fragments counted (an aliased field costs like any field; a fragment's fields count wherever
 * it is spread); queries only; introspection unless switched on, and then no field suggestions either.
 * Each refusal carries its key (docs/graphql.md, "Limits").
 */
export function limitsPlugin(limits: GraphqlLimits): Plugin[] {
  const message = (err: GraphQLError) => err.message.replace(/^Syntax Error: /, '');
  const report = (key: string) => ({
    propagateOnRejection: false,
    onReject: [
      (ctx: ValidationContext | null, err: GraphQLError) =>
        ctx?.reportError(keyedError(key, validationFailed, message(err))),
    ],
  });
  const armor = EnvelopArmorPlugin({
    maxDepth: { n: limits.maxDepth, flattenFragments: true, ...report('graphql.query.tooDeep') },
    costLimit: {
      maxCost: limits.maxComplexity,
      flattenFragments: true,
      ...report('graphql.query.tooComplex'),
    },
    maxAliases: { n: fixedLimits.maxAliases, ...report('graphql.query.tooManyAliases') },
    maxDirectives: { n: fixedLimits.maxDirectives, ...report('graphql.query.tooManyDirectives') },
    maxTokens: {
      n: fixedLimits.maxTokens,
      // The parser has no validation context to report to: refuse by throwing, keyed.
      onReject: [
        (_ctx, err) => {
          throw keyedError('graphql.query.tooManyTokens', parseFailed, message(err));
        },
      ],
    },
    blockFieldSuggestion: { enabled: !limits.introspection, mask: '' },
  });
  const rules: ValidationRule[] = [onlyQueries, ...(limits.introspection ? [] : [noIntrospection])];
  return [armor as Plugin, { onValidate: ({ addValidationRule }) => rules.forEach(addValidationRule) }];
}

/** The schema has no mutation or subscription root; say so by key instead of graphql-js's generic wording. */
const onlyQueries: ValidationRule = (ctx) => ({
  OperationDefinition(node) {
    if (node.operation !== 'query')
      ctx.reportError(keyedError('graphql.operation.unsupported', validationFailed));
  },
});

/** `__schema` and `__type` are refused while introspection is off; `__typename` is not introspection. */
const noIntrospection: ValidationRule = (ctx) => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      ctx.reportError(keyedError('graphql.introspection.disabled', validationFailed));
    }
  },
});
