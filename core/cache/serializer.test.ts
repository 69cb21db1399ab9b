import { describe, expect, it } from 'vitest';
import { cacheSerializer } from './serializer.ts';

describe('cacheSerializer', () => {
  it('keeps bytes (Buffer or Uint8Array) and dates, and is JSON otherwise', () => {
    const value = {
      body: Buffer.from('{"ok":true}'),
      view: new Uint8Array([1, 2, 3]).subarray(1),
      at: new Date('2026-01-01T00:00:00Z'),
      list: [1, 'two', undefined, null, { deep: new Date(0) }],
      gone: undefined,
      n: Number.NaN,
      custom: { toJSON: () => ({ as: 'json' }) },
    };
    const text = cacheSerializer.serialize(value);
    // The bytes as base64, never as an array of numbers (Buffer's toJSON).
    expect(text).not.toContain('"type":"Buffer"');
    const back = cacheSerializer.deserialize(text) as Record<string, unknown>;
    expect(new TextDecoder().decode(back.body as Uint8Array)).toBe('{"ok":true}');
    expect([...(back.view as Uint8Array)]).toEqual([2, 3]);
    expect(back.at).toEqual(value.at);
    expect(back.list).toEqual([1, 'two', null, null, { deep: new Date(0) }]);
    expect('gone' in back).toBe(false);
    expect(back.n).toBeNull();
    expect(back.custom).toEqual({ as: 'json' });
  });

  it('writes bytes as the base64 a plain JSON.stringify of it gives (what every reader parses)', () => {
    const body = new TextEncoder().encode('{"items":["ä", "\\u0000"]}'.repeat(500));
    const value = {
      v: { body, more: [new Uint8Array([0, 255]), new Uint8Array()] },
      t: ['doc:1'],
      s: '\u0000x',
    };
    const base64 = (b: Uint8Array) => ({ $bytes: Buffer.from(b).toString('base64') });
    const plain = JSON.stringify({
      v: { body: base64(body), more: [base64(value.v.more[0]!), base64(value.v.more[1]!)] },
      t: ['doc:1'],
      s: '\u0000x',
    });
    expect(cacheSerializer.serialize(value)).toBe(plain);
  });

  it('writes plain values as JSON.stringify does, and bytes deep under plain parts in place, leaving the value as it was', () => {
    const plain = { html: '<p>ä</p>', tags: ['doc:1', 'lists:s'], n: [1, null, { a: [true] }], u: undefined };
    expect(cacheSerializer.serialize(plain)).toBe(JSON.stringify(plain));
    class Row {
      constructor(
        readonly id: string,
        readonly at: Date,
      ) {}
    }
    const body = new Uint8Array([104, 105]);
    const value = { a: 1, list: ['x', { deep: [0, body] }, 'y'], row: new Row('r', new Date(0)), z: 'last' };
    const before = JSON.stringify(value);
    const text = cacheSerializer.serialize(value);
    expect(text).toBe(
      JSON.stringify({
        a: 1,
        list: ['x', { deep: [0, { $bytes: 'aGk=' }] }, 'y'],
        row: { id: 'r', at: { $date: '1970-01-01T00:00:00.000Z' } },
        z: 'last',
      }),
    );
    expect(JSON.stringify(value)).toBe(before);
    expect(value.list[1]).toEqual({ deep: [0, body] });
  });
});
