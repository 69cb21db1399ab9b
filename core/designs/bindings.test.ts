import { describe, expect, it } from 'vitest';
import { bindingSchema, isFieldPath, visibilitySchema } from './bindings.ts';
import { firstIssuePath } from './issue-path.ts';

describe('bindingSchema', () => {
  it.each([
    { field: 'title' },
    { field: 'meta_description' },
    { field: 'item.caption' },
    { field: 'author.name' },
    { field: '$title' },
    { field: '$site.logo' },
    { field: '$publishedAt', format: { type: 'date', style: 'medium', time: true } },
    { field: 'price', format: { type: 'number' } },
    { field: 'body', format: { type: 'excerpt', length: 160 } },
  ])('accepts %j', (b) => {
    expect(bindingSchema.safeParse(b).success).toBe(true);
  });

  it.each([
    [{ field: 'a.b.c' }, 'field'],
    [{ field: '$secret' }, 'field'],
    [{ field: '$site.password' }, 'field'],
    [{ field: 'title; drop' }, 'field'],
    [{ field: 'title', format: { type: 'date', style: 'full' } }, 'format.style'],
    [{ field: 'title', format: { type: 'currency' } }, 'format.type'],
    [{ field: 'title', format: { type: 'excerpt', length: 1.5 } }, 'format.length'],
    [{ field: 'title', format: { type: 'number', locale: 'de' } }, 'format.locale'],
    [{ field: 'title', fallback: 'x' }, 'fallback'],
  ])('refuses %j at %s', (b, path) => {
    expect(firstIssuePath(bindingSchema.safeParse(b))).toBe(path);
  });
});

describe('visibilitySchema', () => {
  it('lists where a node shows and the field it waits for', () => {
    expect(
      visibilitySchema.safeParse({ breakpoints: ['tablet', 'mobile'], whenField: 'cover' }).success,
    ).toBe(true);
    expect(firstIssuePath(visibilitySchema.safeParse({ breakpoints: ['phone'] }))).toBe('breakpoints[0]');
    expect(firstIssuePath(visibilitySchema.safeParse({ breakpoints: ['mobile', 'mobile'] }))).toBe(
      'breakpoints',
    );
  });
});

describe('related document meta', () => {
  it('accepts relation.$title and relation.$permalink, refuses site meta one level down', () => {
    expect(isFieldPath('post.$title')).toBe(true);
    expect(isFieldPath('post.$permalink')).toBe(true);
    expect(isFieldPath('post.$site.name')).toBe(false);
    expect(isFieldPath('post.$nope')).toBe(false);
    expect(isFieldPath('a.b.c')).toBe(false);
  });
});
