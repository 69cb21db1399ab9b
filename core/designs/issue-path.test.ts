import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue, firstIssuePath, formatIssuePath } from './issue-path.ts';

describe('formatIssuePath', () => {
  it('writes numbers as [n] and keys as .key without a leading dot', () => {
    expect(formatIssuePath(['designs', 2, 'published', 'root', 'children', 0, 'style'])).toBe(
      'designs[2].published.root.children[0].style',
    );
    expect(formatIssuePath([0, 'key'])).toBe('[0].key');
    expect(formatIssuePath([])).toBe('');
  });

  it('quotes keys that would read as path syntax', () => {
    expect(formatIssuePath(['variants', 'a b', 'root'])).toBe('variants["a b"].root');
    expect(formatIssuePath(['x', 'a.b'])).toBe('x["a.b"]');
  });
});

describe('firstIssuePath', () => {
  const schema = z.object({ items: z.array(z.strictObject({ n: z.number() })) });

  it('is null for a success', () => {
    expect(firstIssuePath(schema.safeParse({ items: [] }))).toBeNull();
  });

  it('names the bad value', () => {
    expect(firstIssuePath(schema.safeParse({ items: [{ n: 1 }, { n: 'x' }] }))).toBe('items[1].n');
  });

  it('appends the unknown key to the object that holds it', () => {
    const r = schema.safeParse({ items: [{ n: 1, float: 'left' }] });
    expect(firstIssue(r)).toEqual({ path: 'items[0].float', message: 'unknown property' });
  });
});
