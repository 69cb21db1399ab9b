import { describe, expect, it } from 'vitest';
import { redirectProblem } from './redirect-check.ts';

const draft = { locale: 'en', fromPath: '/old', toPath: '/new', contentId: null, status: 301 };
const existing = [{ id: 'r1', locale: 'en', fromPath: '/taken' }];

describe('redirect checks before asking the server', () => {
  it('accepts a path or an address, or a document', () => {
    expect(redirectProblem(draft, existing)).toBeNull();
    expect(redirectProblem({ ...draft, toPath: 'https://example.com/x' }, existing)).toBeNull();
    expect(redirectProblem({ ...draft, toPath: '', contentId: 'd1' }, existing)).toBeNull();
    expect(redirectProblem({ ...draft, fromPath: '/taken', locale: 'de' }, existing)).toBeNull();
  });
  it('names the field and the problem in words', () => {
    expect(redirectProblem({ ...draft, fromPath: 'old page' }, existing)?.path).toBe('fromPath');
    expect(redirectProblem({ ...draft, fromPath: '/taken' }, existing)).toEqual({
      path: 'fromPath',
      message: '/taken already redirects in en.',
    });
    expect(redirectProblem({ ...draft, toPath: '' }, existing)?.path).toBe('toPath');
    expect(redirectProblem({ ...draft, toPath: 'javascript:alert(1)' }, existing)?.message).toMatch(
      /must be a path/,
    );
    expect(redirectProblem({ ...draft, toPath: '/old' }, existing)?.message).toBe(
      'A redirect to itself would loop.',
    );
    expect(redirectProblem({ ...draft, status: 303 }, existing)?.path).toBe('status');
  });
});
