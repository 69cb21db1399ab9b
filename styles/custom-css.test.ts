import { describe, expect, it } from 'vitest';
import { customCssProblem } from './custom-css.ts';

describe('customCssProblem', () => {
  it('accepts valid and empty CSS', () => {
    expect(customCssProblem('.promo { color: red }\n@media (width > 40rem) { .a { gap: 1rem } }')).toBeNull();
    expect(customCssProblem('  ')).toBeNull();
  });
  it('names the line and column of the first problem', () => {
    const problem = customCssProblem('.a { color: red }\n.b { color: }}}');
    expect(problem).toMatchObject({ line: 2 });
    expect(problem!.column).toBeGreaterThan(1);
    expect(problem!.message).toMatch(/\w/);
  });
});
