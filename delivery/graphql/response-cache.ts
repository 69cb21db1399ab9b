import { createHash } from 'node:crypto';
import { stripIgnoredCharacters } from 'graphql/index.js';
import type { TaggedCache, TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { weakEtag } from '../rest/http-cache.ts';
import type { OperationParams, OperationRequest } from './operation-params.ts';

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
};

// Clients repeat the same query text: its stripped form is remembered (a bounded map, oldest out first).
const stripped = new Map<string, string>();
function strip(query: string): string {
  let out = stripped.get(query);
  if (out === undefined) {
    out = stripIgnoredCharacters(query);
    if (stripped.size >= 1000) stripped.delete(stripped.keys().next().value!);
    stripped.set(query, out);
  }
  return out;
}

/**
 * The tagged-cache key of a GraphQL answer: space, schema version, origin (asset addresses are absolute),
 * the limits in force, the media type asked for, and the operation: its query with insignificant characters
 * stripped, its variables with sorted keys and its operation name. Undefined when the request carries no
 * operation or its query does not even lex (such a request is never cached).
 */
export function responseKey(parts: {
  spaceId: string;
  schemaVersion: number;
  origin: string;
  settings: string;
  accept: string;
  operation: OperationRequest;
}): string | undefined {
  const hash = operationHash(parts.operation, parts.accept);
  return hash && `graphql:${parts.spaceId}:${parts.schemaVersion}:${parts.origin}:${parts.settings}:${hash}`;
}

function hashOf(params: OperationParams | undefined, accept: string): string | undefined {
  if (!params) return undefined;
  let query: string;
  try {
    query = strip(params.query);
  } catch {
    return undefined;
  }
  const { variables, operationName } = params;
  const operation = JSON.stringify([query, operationName ?? null, sorted(variables ?? {}), accept]);
  return createHash('sha256').update(operation).digest('base64url');
}

// Clients repeat the same request: the operation's hash is remembered by the request's source text and
// media type (bounded: small sources only, oldest out first), so a repeated query is neither parsed nor hashed.
const hashes = new Map<string, string | null>();
const maxSourceChars = 16_384;
function operationHash(operation: OperationRequest, accept: string): string | undefined {
  const { source } = operation;
  if (source === undefined || source.length > maxSourceChars) return hashOf(operation.params(), accept);
  const memo = `${accept}\n${source}`;
  const known = hashes.get(memo);
  if (known !== undefined) return known ?? undefined;
  const hash = hashOf(operation.params(), accept);
  if (hashes.size >= 500) hashes.delete(hashes.keys().next().value!);
  hashes.set(memo, hash ?? null);
  return hash;
}

/** A finished answer as the tagged cache keeps it: the bytes are serialized and tagged once. */
export interface CachedAnswer {
  body: string;
  etag: string;
  contentType: string;
}

/** An answer that must not be kept: thrown out of the cache's computation, caught outside. */
class Uncacheable extends Error {
  constructor(readonly response: Response) {
    super('uncacheable GraphQL answer');
  }
}

function findUncacheable(err: unknown): Uncacheable | undefined {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof Uncacheable) return e;
  return undefined;
}

/**
 * An operation's answer through the tagged cache, tagged with everything the reader read while executing, so
 * that a publish (a purge of a document's tag) makes the next identical query fresh. Only a 200 JSON answer
 * without `errors` is kept; anything else comes back as the response itself (`fresh`), for `no-store`.
 */
export async function cachedAnswer(args: {
  cache: TaggedCache;
  key: string;
  ttlSeconds: number;
  run(tags: TagSink): Promise<Response>;
}): Promise<{ cached: CachedAnswer } | { fresh: Response }> {
  try {
    const cached = await args.cache.getOrSet<CachedAnswer>(
      args.key,
      async (tags) => {
        // Even an answer that reads nothing (introspection, `__typename`) depends on the content model.
        tags.addTags([cacheTags.registry]);
        const response = await args.run(tags);
        const contentType = response.headers.get('content-type') ?? '';
        if (response.status !== 200 || !/json/i.test(contentType)) throw new Uncacheable(response);
        const body = await response.text();
        // `"errors":` can only be a key (a quote inside a string is escaped): most answers skip the parse.
        if (body.includes('"errors":') && 'errors' in (JSON.parse(body) as object)) {
          throw new Uncacheable(new Response(body, { status: response.status, headers: response.headers }));
        }
        return { body, etag: weakEtag(body), contentType };
      },
      { ttlSeconds: args.ttlSeconds },
    );
    return { cached };
  } catch (err) {
    const uncacheable = findUncacheable(err);
    if (uncacheable) return { fresh: uncacheable.response };
    throw err;
  }
}
