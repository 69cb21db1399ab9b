import { describe, expect, it } from 'vitest';
import { newRequestId, requestIdFor } from './request-id.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are version 4 UUIDs, all different, across many draws of the pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const id = newRequestId();
      expect(id).toMatch(V4);
      seen.add(id);
    }
    expect(seen.size).toBe(5000);
  });

  it('keep an id drawn before the next one (a string of its own, not a view of the pool)', () => {
    const first = newRequestId();
    const copy = `${first}`;
    for (let i = 0; i < 300; i++) newRequestId();
    expect(first).toBe(copy);
  });

  it('take a sane id of the caller, and replace any other', () => {
    expect(requestIdFor('abc-DEF_12.3')).toBe('abc-DEF_12.3');
    for (const given of [undefined, '', 'short', 'has space in it', 'x'.repeat(129), 'ünïcödé-id'])
      expect(requestIdFor(given)).toMatch(V4);
  });
});
