import { describe, expect, it } from 'vitest';
import { decodeInstances, encodeInstances, MAX_INSTANCES_PARAM } from './instance-url.ts';

describe('instance styles in a page sheet URL', () => {
  it('decodes what it encodes, in URL-safe characters', () => {
    const blocks = [
      { blockId: 'b1', style: { paddingY: 'space:12', background: 'color:surface' } },
      { blockId: 'b2', style: { textAlign: 'center' as const } },
    ];
    const param = encodeInstances(blocks);
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeInstances(param)).toEqual(blocks);
  });

  it('refuses what encodeInstances could not have written', () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      'not base64!',
      Buffer.from('{').toString('base64url'),
      b64({ b1: {} }),
      b64([['b1']]),
      b64([[1, {}]]),
      b64([['b1', 'red']]),
      b64([['b1', []]]),
      'A'.repeat(MAX_INSTANCES_PARAM + 1),
    ]) {
      expect(decodeInstances(bad), bad.slice(0, 40)).toBeUndefined();
    }
  });
});
