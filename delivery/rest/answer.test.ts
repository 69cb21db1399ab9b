import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonAnswer } from './answer.ts';

const text = (answer: { body: Uint8Array }) => new TextDecoder().decode(answer.body);

describe('jsonAnswer', () => {
  it('writes the bytes of JSON.stringify, whether the items are given again (frozen) or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 5 }),
        fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
        fc.boolean(),
        (items, others, itemsFirst) => {
          const frozen = Object.freeze(items);
          const value = itemsFirst ? { items: frozen, ...others } : { ...others, items: frozen };
          const answer = jsonAnswer(value);
          expect(text(answer)).toBe(JSON.stringify(value));
          expect(jsonAnswer(value).etag).toBe(answer.etag);
        },
      ),
    );
  });

  it('serializes the same frozen items once per list, and each total of them apart', () => {
    const items = Object.freeze([{ id: 'a', title: 'A' }]);
    const first = jsonAnswer({ items, total: 1, limit: 25, offset: 0 });
    expect(jsonAnswer({ items, total: 1, limit: 25, offset: 0 })).toBe(first);
    const more = jsonAnswer({ items, total: 2, limit: 25, offset: 0 });
    expect(text(more)).toBe('{"items":[{"id":"a","title":"A"}],"total":2,"limit":25,"offset":0}');
    expect(more.etag).not.toBe(first.etag);
    // Items not frozen are not the reader's shared ones: serialized anew.
    const open = [{ id: 'a', title: 'A' }];
    expect(jsonAnswer({ items: open, total: 1 })).not.toBe(jsonAnswer({ items: open, total: 1 }));
  });
});
