import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/testing/fixture-space.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type RunningVarnish, startVarnish } from '../core/testing/varnish.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { get, graphql, rpc } from './testing/http.ts';

/**
 * A preview token across real processes (issue 40 point 4): a management process and two public processes on
 * one PostgreSQL database, as `verso serve` runs them. Both public processes read the draft with the token and
 * the published version without; once `previewTokens.revoke` has answered on the management process, both
 * refuse the token on their very next request (each preview request checks its token in the database).
 * The shipped Varnish VCL in front of one of them never answers a preview from its cache.
 */
const databaseUrl = serviceUrl('DATABASE_URL');
const HELLO = '/v1/permalink/news/hello';
const QUERY = '{ contentByPermalink(permalink: "news/hello") { title status } }';

describe.skipIf(!databaseUrl)('a preview token across processes (two public, one management)', () => {
  let stack: FixtureStack;
  let management: StackProcess;
  let apis: StackProcess[] = [];
  let key: string;
  let edge: RunningVarnish;

  beforeAll(async () => {
    stack = await fixtureStack(databaseUrl!);
    key = await stack.createKey();
    const started = await Promise.all([
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
      stack.serve('management'),
    ]);
    apis = started.slice(0, 2);
    management = started[2]!;
    edge = await startVarnish(Number(new URL(apis[0]!.url).port));
  }, 300_000);

  afterAll(async () => {
    await edge?.stop();
    await stack?.stop();
  }, 60_000);

  it('reads the draft with the token, the published version without, and revoking ends access at once', async () => {
    const doc = await rpc(management.url, key, 'content.get', { id: ids.hello });
    const draft = await rpc(management.url, key, 'content.update', {
      id: ids.hello,
      locale: 'en',
      revision: doc.body.revision,
      title: 'Hello draft',
    });
    expect(draft.status, draft.text).toBe(200);
    const created = await rpc(management.url, key, 'previewTokens.create', { name: 'front end' });
    expect(created.status, created.text).toBe(200);
    const bearer = { authorization: `Bearer ${created.body.token}` };

    // Through Varnish: the published answer is kept there (a hit), a preview still passes to the process.
    for (let i = 0; i < 2; i++) expect((await get(`${edge.url}${HELLO}`)).body.title).toBe('Hello world');
    expect((await get(`${edge.url}${HELLO}`)).headers.get('x-cache')).toBe('hit');
    expect((await get(`${edge.url}${HELLO}`, bearer)).body.title).toBe('Hello draft');
    expect((await get(`${edge.url}${HELLO}`)).body.title).toBe('Hello world');

    for (const api of apis) {
      // Anonymous first and twice, so that the published answer is cached and replayed on each process.
      for (let i = 0; i < 2; i++) expect((await get(`${api.url}${HELLO}`)).body.title).toBe('Hello world');
      const preview = await get(`${api.url}${HELLO}`, bearer);
      expect(preview.body).toMatchObject({ title: 'Hello draft', draft: true });
      expect(preview.headers.get('cache-control')).toBe('private, no-store');
      expect((await graphql(api.url, QUERY, bearer)).body.data.contentByPermalink).toEqual({
        title: 'Hello draft',
        status: 'DRAFT',
      });
      expect((await get(`${api.url}${HELLO}`)).body.title).toBe('Hello world');
    }

    const revoked = await rpc(management.url, key, 'previewTokens.revoke', { id: created.body.id });
    expect(revoked.status, revoked.text).toBe(200);
    // No wait: the very next request on either process is refused, REST and GraphQL alike.
    const after = await Promise.all(
      apis.flatMap((api) => [get(`${api.url}${HELLO}`, bearer), graphql(api.url, QUERY, bearer)]),
    );
    for (const answer of after) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.key).toBe('preview.invalid');
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
    for (const api of apis) expect((await get(`${api.url}${HELLO}`)).body.title).toBe('Hello world');
  });
});
