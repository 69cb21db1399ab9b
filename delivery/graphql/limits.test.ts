import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../core/testing/capture-log.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { graphqlIds as ids } from './graphql-fixture.ts';
import { type GraphqlWorld, graphqlWorld } from './graphql-test-kit.ts';

/** `content(id) { parent { … parent { id } } }`: content is level 1, each parent one more, `id` the last. */
const depthQuery = (depth: number) => {
  const parents = depth - 2;
  return `{ content(id: "${ids.lead}") { ${'parent { '.repeat(parents)}id${' }'.repeat(parents)} } }`;
};

/**
 * graphql-armor's cost (objectCost 2, scalarCost 1, depthCostFactor 1.5): a root scalar costs 1; a field with
 * a selection costs 2 plus 1.5 × the cost of each selection inside it. So `asset { id ×n }` costs 2 + 1.5n
 * and `__typename ×a` at the root adds a: 2 + 1.5 × 664 + 2 = 1000.
 */
const costQuery = (typenames: string, ids_: number) =>
  `{ ${typenames} asset(id: "${ids.image}") { ${'id '.repeat(ids_)}} }`;

describe.each(testDatabases())('GraphQL limits and errors on $kind', ({ open }) => {
  let world: GraphqlWorld;
  const logged = captureLog('error');
  // When set, the registry reports a new schema version whose content model cannot be read.
  let modelBroken = false;
  beforeAll(async () => {
    world = await graphqlWorld(open, {
      log: logged.log,
      wrapReader: (reader) => ({
        ...reader,
        schemaVersion: async () => (modelBroken ? 999 : reader.schemaVersion()),
        contentModel: async (spaceId) => {
          if (modelBroken) throw new Error('relation "content_types" does not exist');
          return reader.contentModel(spaceId);
        },
        menu: async () => {
          throw new Error('connect ECONNREFUSED postgres://verso:s3cret@db-internal:5432');
        },
      }),
    });
  });
  afterAll(() => world.close());

  const refused = async (query: string, key: string, variables?: Record<string, unknown>) => {
    const answer = await world.post(query, variables);
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0].extensions).toEqual({ code: expect.any(String), key });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-request-id')).toBeTruthy();
    return answer.body.errors[0];
  };
  const allowed = async (query: string) => {
    const answer = await world.post(query);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  it('allows depth 8 and refuses depth 9', async () => {
    expect(await allowed(depthQuery(8))).toEqual({ content: { parent: { parent: { parent: null } } } });
    const error = await refused(depthQuery(9), 'graphql.query.tooDeep');
    expect(error.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(error.message).toBe('Query depth limit of 8 exceeded, found 9.');
  });

  it('counts the fields of fragments where they are spread, not the fragment as a level', async () => {
    const viaFragments = `{ content(id: "${ids.lead}") { ...Up } }
      fragment Up on ContentNode { parent { parent { ... on Page { parent { ...Top } } } } }
      fragment Top on ContentNode { parent { parent { parent { parent { id } } } } }`;
    await refused(viaFragments, 'graphql.query.tooDeep');
    await allowed(
      viaFragments.replace(
        'parent { parent { parent { parent { id } } } }',
        'parent { parent { parent { id } } }',
      ),
    );
  });

  it('allows complexity 1000 and refuses 1001, aliases and fragments counted', async () => {
    const data = await allowed(costQuery('__typename __typename', 664));
    expect(data).toEqual({ __typename: 'Query', asset: { id: ids.image } });
    const error = await refused(
      costQuery('__typename __typename __typename', 664),
      'graphql.query.tooComplex',
    );
    expect(error.message).toBe('Query Cost limit of 1000 exceeded, found 1001.');
    // An alias is a field like any other: one more aliased `__typename` costs 1.
    await refused(costQuery('__typename __typename again: __typename', 664), 'graphql.query.tooComplex');
    // A spread fragment costs its fields plus 3 (1 for the spread, 2 for its selection): 5 + 1.5 × 664 = 1001.
    const spread = (n: number, typenames: string) =>
      `{ ${typenames} asset(id: "${ids.image}") { ...F } } fragment F on Asset { ${'id '.repeat(n)}}`;
    await refused(spread(664, ''), 'graphql.query.tooComplex');
    await allowed(spread(662, '__typename __typename'));
  });

  it('refuses an over-deep or over-costly query every time, even beside a similar query that is cached', async () => {
    // The allowed neighbours are answered, then answered from the cache (same ETag).
    for (const query of [depthQuery(8), costQuery('__typename __typename', 664)]) {
      const first = await world.post(query);
      const again = await world.post(query);
      expect(again.body.errors).toBeUndefined();
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(again.headers.get('etag')).toMatch(/^W\//);
    }
    for (let i = 0; i < 2; i++) {
      await refused(depthQuery(9), 'graphql.query.tooDeep');
      await refused(costQuery('__typename __typename __typename', 664), 'graphql.query.tooComplex');
    }
    // The same text under another media type is refused too (200, as GraphQL over HTTP wants for JSON).
    const asJson = await world.post(depthQuery(9), undefined, { headers: { accept: 'application/json' } });
    expect(asJson.status).toBe(200);
    expect(asJson.body.errors[0].extensions.key).toBe('graphql.query.tooDeep');
    expect(asJson.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses more than 50 aliases and more than 5000 tokens', async () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `a${i}: contents(limit: 1) { total }`).join(' ')} }`;
    await refused(aliases(51), 'graphql.query.tooManyAliases');
    const tokens = await refused(`{ ${'__typename '.repeat(5000)} }`, 'graphql.query.tooManyTokens');
    expect(tokens.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('refuses a request body over 100 kB before reading it as GraphQL', async () => {
    const answer = await world.post('{ __typename }', { padding: 'x'.repeat(100_001) });
    expect(answer.status).toBe(413);
    expect(answer.body.errors[0].extensions).toEqual({
      code: 'BAD_REQUEST',
      key: 'graphql.request.tooLarge',
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('keys syntax errors and schema mismatches', async () => {
    const syntax = await refused('{ content(', 'graphql.query.syntax');
    expect(syntax.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(syntax.locations).toEqual([{ line: 1, column: 11 }]);
    const unknown = await refused('{ contents { items { titel } } }', 'graphql.query.invalid');
    // Field suggestions would reveal the schema: hidden while introspection is off.
    expect(unknown.message).not.toMatch(/Did you mean/);
  });

  it('refuses introspection while it is off; __typename is no introspection', async () => {
    await refused('{ __schema { queryType { name } } }', 'graphql.introspection.disabled');
    await refused('{ __type(name: "Page") { name } }', 'graphql.introspection.disabled');
    expect(await allowed('{ __typename }')).toEqual({ __typename: 'Query' });
  });

  it('shows no query editor to a browser while introspection is off', async () => {
    const res = await world.app.request('/graphql', { headers: { accept: 'text/html' } });
    const body = await res.text();
    expect(res.headers.get('content-type') ?? '').not.toMatch(/html/);
    expect(body).not.toMatch(/graphiql/i);
  });

  it('masks unexpected errors (no internals), logs them with the request id, and keeps the other fields', async () => {
    const answer = await world.post(
      `{ menu(name: "main") { id } asset(id: "${ids.image}") { id } }`,
      undefined,
      {
        headers: { 'x-request-id': 'graphql-masking-test-1' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { menu: null, asset: { id: ids.image } },
      errors: [
        {
          message: 'Something went wrong on our side.',
          locations: [{ line: 1, column: 3 }],
          path: ['menu'],
          extensions: { code: 'INTERNAL_SERVER_ERROR', key: 'internal.error' },
        },
      ],
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const line = logged.lines().find((l) => l.requestId === 'graphql-masking-test-1');
    expect(JSON.stringify(line)).toContain('ECONNREFUSED');
  });

  it('answers a GraphQL-shaped internal.error when the schema cannot be built, and recovers', async () => {
    modelBroken = true;
    const broken = await world.post('{ __typename }');
    modelBroken = false;
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({
      errors: [
        {
          message: 'Something went wrong on our side.',
          extensions: { code: 'INTERNAL_SERVER_ERROR', key: 'internal.error' },
        },
      ],
    });
    expect(JSON.stringify(broken.body)).not.toContain('content_types');
    expect(logged.text()).toContain('content_types');
    expect((await world.post('{ __typename }')).status).toBe(200);
  });
});

describe.each(testDatabases())('GraphQL with introspection on, on $kind', ({ open }) => {
  let world: GraphqlWorld;
  beforeAll(async () => {
    world = await graphqlWorld(open, { config: { PUBLIC_GRAPHQL_INTROSPECTION: true } });
  });
  afterAll(() => world.close());

  it('answers introspection, deep as it is, and suggests fields', async () => {
    const { getIntrospectionQuery } = await import('graphql/index.js');
    const answer = await world.post(getIntrospectionQuery());
    expect(answer.status).toBe(200);
    const names = answer.body.data.__schema.types.map((t: { name: string }) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['ContentNode', 'Page', 'BlogPost', 'BlogPost2', 'Hero', 'Asset']),
    );
    const typo = await world.post('{ contents { items { titel } } }');
    expect(typo.body.errors[0].message).toMatch(/Did you mean "title"/);
  });

  it('shows the query editor (GraphiQL) to a browser', async () => {
    const res = await world.app.request('/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/graphiql/i);
  });
});
