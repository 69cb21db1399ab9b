import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../../core/http/listen.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { type GraphqlWorld, graphqlWorld } from '../../delivery/graphql/graphql-test-kit.ts';
import { graphqlSchemaCommand } from './graphql-schema.ts';

describe('verso graphql-schema', () => {
  let world: GraphqlWorld;
  let server: Listening;
  beforeAll(async () => {
    world = await graphqlWorld(testDatabases()[0]!.open, { config: { PUBLIC_GRAPHQL_INTROSPECTION: true } });
    server = await listen(world.app, { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
    await world?.close();
  });

  it('writes the SDL the server answers introspection with, from /v1/types alone', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'verso-sdl-')), 'schema.graphql');
    await graphqlSchemaCommand({ url: `http://127.0.0.1:${server.port}/`, out });
    const written = readFileSync(out, 'utf8');
    const introspected = await world.post(getIntrospectionQuery());
    expect(introspected.status).toBe(200);
    const served = printSchema(buildClientSchema(introspected.body.data));
    expect(written).toMatch(
      /^# The GraphQL schema of http:\/\/127\.0\.0\.1:\d+\/graphql, content model schema version \d+\./,
    );
    expect(written.slice(written.indexOf('\n\n') + 2).trim()).toBe(served.trim());
    expect(served).toMatch(/type BlogPost implements ContentNode/);
  });

  it('says which address failed', async () => {
    await expect(graphqlSchemaCommand({ url: 'http://127.0.0.1:9' })).rejects.toThrow(
      /cannot reach http:\/\/127\.0\.0\.1:9\/v1\/types/,
    );
  });
});
