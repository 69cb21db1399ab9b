import { expect } from 'vitest';
import { ids } from '../../core/testing/fixture-space.ts';

/**
 * Change `i` of a run that unpublishes and publishes the fixture's hello post in turn (it starts published:
 * even changes unpublish it, odd ones publish it again), through the management process's RPC. Resolves to
 * whether the post is published now.
 */
export async function togglePost(managementUrl: string, key: string, i: number): Promise<boolean> {
  const published = i % 2 === 1;
  const name = published ? 'content.publish' : 'content.unpublish';
  const res = await fetch(`${managementUrl}/rpc/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ space: 'fixture', id: ids.hello, locale: 'en' }),
  });
  expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
  return published;
}
