import { describe, expect, it } from 'vitest';
import {
  type DesignEntry,
  isUnpublished,
  needsSave,
  published,
  sameJson,
  saved,
  statusLine,
  summarize,
} from './draft-state.ts';

const entry = (over: Partial<DesignEntry>): DesignEntry => ({
  kind: 'theme',
  key: 'default',
  published: { a: 1 },
  draft: null,
  working: { a: 1 },
  ...over,
});

describe('draft state', () => {
  it('compares JSON deeply, whatever the key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
  });

  it('an untouched design needs no save and is not unpublished', () => {
    const e = entry({});
    expect(needsSave(e)).toBe(false);
    expect(isUnpublished(e)).toBe(false);
    expect(statusLine(summarize([e]), 'saved')).toBe('Published: no unpublished changes');
  });

  it('an edit needs a save; once saved it stays unpublished until Publish', () => {
    let e = entry({ working: { a: 2 } });
    expect(summarize([e])).toEqual({ unpublished: ['theme/default'], unsaved: ['theme/default'] });
    expect(statusLine(summarize([e]), 'pending')).toBe('Saving draft…');
    e = saved(e, e.working);
    expect(needsSave(e)).toBe(false);
    expect(isUnpublished(e)).toBe(true);
    expect(statusLine(summarize([e]), 'saved')).toBe('Draft saved: unpublished changes in 1 design');
    e = published(e);
    expect(e).toMatchObject({ published: { a: 2 }, draft: null });
    expect(isUnpublished(e)).toBe(false);
  });

  it('a stored draft loaded from the server is an unpublished change without a save', () => {
    const e = entry({ draft: { a: 3 }, working: { a: 3 } });
    expect(needsSave(e)).toBe(false);
    expect(isUnpublished(e)).toBe(true);
    expect(statusLine(summarize([e]), 'error')).toBe('Not saved: see the message below');
  });
});
