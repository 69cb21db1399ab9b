import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { operationParams } from './operation-params.ts';

/** What `operationParams` makes of a request: its parameters, and what yoga is handed. */
async function seen(init: RequestInit, path = '/graphql') {
  const app = new Hono();
  app.all('/graphql', async (c) => {
    const operation = await operationParams(c);
    const { request, body } = operation.request();
    return c.json({
      params: operation.params() ?? null,
      source: operation.source ?? null,
      body: body ?? null,
      method: request.method,
      streamed: request.body === null ? null : await request.text(),
    });
  });
  const res = await app.request(`http://localhost${path}`, init);
  return (await res.json()) as Record<string, unknown>;
}

const json = { 'content-type': 'application/json' };

describe('operationParams', () => {
  it("hands yoga a JSON operation's body parsed, with no body stream to read again", async () => {
    const text = JSON.stringify({
      query: 'query Q($n: Int) { a(n: $n) }',
      variables: { n: 2 },
      operationName: 'Q',
    });
    const r = await seen({ method: 'POST', headers: json, body: text });
    expect(r.params).toEqual({
      query: 'query Q($n: Int) { a(n: $n) }',
      variables: { n: 2 },
      operationName: 'Q',
    });
    expect(r.source).toBe(`POST ${text}`);
    expect(r.body).toEqual(JSON.parse(text));
    expect(r.method).toBe('POST');
    expect(r.streamed).toBeNull();
  });

  it('keeps every key of the body for yoga to judge, extensions and unknown ones too', async () => {
    const sent = { query: '{ a }', extensions: { persistedQuery: { version: 1 } }, surprise: true };
    const r = await seen({ method: 'POST', headers: json, body: JSON.stringify(sent) });
    expect(r.body).toEqual(sent);
  });

  it('leaves a body that is not an operation to yoga, as text to read', async () => {
    for (const text of ['{"query": 1}', '[{"query": "{ a }"}]', '{not json', 'null']) {
      const r = await seen({ method: 'POST', headers: json, body: text });
      expect(r.params).toBeNull();
      expect(r.body).toBeNull();
      expect(r.streamed).toBe(text);
    }
  });

  it('hands yoga a GET as it came', async () => {
    const r = await seen({ method: 'GET' }, `/graphql?query=${encodeURIComponent('{ a }')}`);
    expect(r.params).toEqual({ query: '{ a }', variables: undefined, operationName: undefined });
    expect(r.body).toBeNull();
    expect(r.method).toBe('GET');
  });
});
