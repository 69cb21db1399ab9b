import { describe, expect, it } from 'vitest';
import { nodeClass, shortHash } from './class-names.ts';

describe('node classes', () => {
  it('name the design and the node, for a reference given again and for one changed since', () => {
    const ref: { kind: 'page' | 'layout'; key: string; variant?: string } = { kind: 'page', key: 'post' };
    for (let i = 0; i < 2; i++) expect(nodeClass(ref, 'n1')).toBe(`v-${shortHash('page/post/')}-n1`);
    ref.kind = 'layout';
    ref.key = 'default';
    expect(nodeClass(ref, 'n1')).toBe(`v-${shortHash('layout/default/')}-n1`);
    ref.variant = 'wide';
    expect(nodeClass(ref, 'n2')).toBe(`v-${shortHash('layout/default/wide')}-n2`);
  });
});
