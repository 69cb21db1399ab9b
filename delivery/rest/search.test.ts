import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryIds as ids } from '../reader/delivery-fixture.ts';
import { json, openRest } from './rest-test-kit.ts';

describe.each(testDatabases())('search on $kind', ({ open }) => {
  let rest: Awaited<ReturnType<typeof openRest>>;
  beforeAll(async () => {
    rest = await openRest(open);
  });
  afterAll(() => rest?.close());
  const found = async (query: string) => {
    const answer = await json(rest.api, `/v1/content?${query}`);
    expect(answer.status, query).toBe(200);
    return answer.body.items.map((d: { id: string }) => d.id);
  };

  it('matches the last word as a prefix while it is typed, in tree order and in an order; quotes match whole words', async () => {
    // "roast" is only in the body of About, "roastery" in the summary of Ada (about/team/ada); "announcements"
    // only the name of a tag of Hello world.
    for (const typed of ['roa', 'roas', 'roast']) {
      expect(await found(`search=${typed}`), typed).toEqual([ids.about, ids.lead]);
      expect(await found(`search=${typed}&order=-title`), typed).toEqual([ids.lead, ids.about]);
    }
    // A quoted word matches whole: "roastery" is another word.
    expect(await found(`search=${encodeURIComponent('"roast"')}`)).toEqual([ids.about]);
    expect(await found('search=announ')).toEqual([ids.hello]);
    // Only the last word: a finished one before it must match whole.
    expect(await found('search=announcements%20roa')).toEqual([]);
    expect(await found(`search=${encodeURIComponent('"we roast"')}`)).toEqual([ids.about]);
    // In quotes or after an exclusion nothing is a prefix.
    expect(await found(`search=${encodeURIComponent('"roa"')}`)).toEqual([]);
    expect(await found(`search=${encodeURIComponent('team -roa')}`)).toEqual(await found('search=team'));
    expect(await found('search=xyzzy')).toEqual([]);
  });

  it('orders a search by relevance when asked, and refuses relevance without a search', async () => {
    expect((await found('search=roa&order=relevance')).toSorted()).toEqual([ids.about, ids.lead].toSorted());
    const unsearched = await json(rest.api, '/v1/content?order=relevance');
    expect(unsearched.status).toBe(400);
    expect(unsearched.body.error.key).toBe('query.invalid');
    expect(unsearched.body.error.message).toContain('needs `search`');
  });
});
