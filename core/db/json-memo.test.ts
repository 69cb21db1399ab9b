import { describe, expect, it } from 'vitest';
import { deepFreeze, memoJsonParser } from './json-memo.ts';

const text = (n: number) =>
  JSON.stringify({ body: { content: [{ text: 'x'.repeat(n) }] }, tags: ['a', 'b'] });

describe('memoJsonParser', () => {
  it('parses a long text once: the same text gives the same value, equal to JSON.parse', () => {
    const parse = memoJsonParser({ minLength: 64, maxChars: 10_000 });
    const first = parse(text(100));
    expect(first).toEqual(JSON.parse(text(100)));
    expect(parse(text(100))).toBe(first);
  });

  it('freezes what it keeps, deeply, so that a writer fails instead of changing another reader', () => {
    const parse = memoJsonParser({ minLength: 64, maxChars: 10_000 });
    const value = parse(text(100)) as { body: { content: Array<{ text: string }> }; tags: string[] };
    expect(() => {
      value.body.content[0]!.text = 'changed';
    }).toThrow(TypeError);
    expect(() => value.tags.push('c')).toThrow(TypeError);
    expect((parse(text(100)) as typeof value).body.content[0]!.text).toBe('x'.repeat(100));
  });

  it('parses a short text anew each time, unfrozen', () => {
    const parse = memoJsonParser({ minLength: 64, maxChars: 10_000 });
    const value = parse('{"a":[1]}') as { a: number[] };
    expect(parse('{"a":[1]}')).not.toBe(value);
    value.a.push(2);
    expect(parse('{"a":[1]}')).toEqual({ a: [1] });
  });

  it('keeps at most maxChars of text, dropping the oldest first', () => {
    const parse = memoJsonParser({ minLength: 64, maxChars: 450 });
    const a = parse(text(150));
    const b = parse(text(151));
    parse(text(152)); // about 200 characters each: past 450, the oldest (a) goes
    expect(parse(text(151))).toBe(b);
    expect(parse(text(150))).not.toBe(a);
  });

  it('does not keep a text longer than the bound', () => {
    const parse = memoJsonParser({ minLength: 64, maxChars: 100 });
    expect(parse(text(200))).not.toBe(parse(text(200)));
  });
});

describe('deepFreeze', () => {
  it('freezes every object and array below, through arrays of arrays, and leaves a frozen subtree as it is', () => {
    const shared = Object.freeze({ inner: { open: true } });
    const deep = { b: [2] };
    const row = { a: 1 };
    const rows = [[row], [[deep]]];
    const value = deepFreeze({ rows, shared, n: null, s: 'x' });
    for (const part of [value, rows, rows[0], row, rows[1], rows[1]![0], deep, deep.b])
      expect(Object.isFrozen(part)).toBe(true);
    // Taken as frozen all the way down: not walked again.
    expect(Object.isFrozen(shared.inner)).toBe(false);
  });
});
