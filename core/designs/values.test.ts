import { describe, expect, it } from 'vitest';
import {
  colorValueSchema,
  hrefSchema,
  isColorValue,
  isSafeHref,
  localizedTextSchema,
  sizeSchema,
} from './values.ts';

describe('colours', () => {
  it.each([
    '#fff',
    '#FFFA',
    '#1b1f27',
    '#1b1f2780',
    'rgb(10, 20, 30)',
    'rgba(10,20,30,0.5)',
    'rgb(10 20 30 / 50%)',
    'hsl(210 40% 50%)',
    'hsla(210, 40%, 50%, .5)',
    'hsl(-30deg 40% 50% / 0.2)',
    'oklch(62% 0.19 250)',
    'oklch(0.62 0.19 250 / 0.5)',
    'transparent',
  ])('accepts %s', (c) => {
    expect(isColorValue(c)).toBe(true);
  });

  it.each([
    'red',
    'red; background: url(x)',
    '#ggg',
    '#12345',
    'rgb(10, 20)',
    'rgb(10, 20, 30); color: red',
    'rgb(var(--x), 1, 2)',
    'hsl(210 40 50)',
    'url(https://evil.test)',
    'oklch(62% 0.19 250',
    'expression(alert(1))',
    '',
  ])('refuses %j', (c) => {
    expect(colorValueSchema.safeParse(c).success).toBe(false);
  });
});

describe('sizes', () => {
  const size = sizeSchema();
  it.each(['0', '1rem', '1.25rem', '12px', '50%', '100vw', '60ch', '1fr', '.5em'])('accepts %s', (s) => {
    expect(size.safeParse(s).success).toBe(true);
  });
  it.each(['1', '-1rem', '1 rem', '1rem;', 'calc(1rem + 2px)', '1pt', '1remx', 'auto', '1e3px'])(
    'refuses %j',
    (s) => {
      expect(size.safeParse(s).success).toBe(false);
    },
  );
  it('takes negatives and unit subsets when asked', () => {
    const letter = sizeSchema({ negative: true, units: ['em'] });
    expect(letter.safeParse('-0.02em').success).toBe(true);
    expect(letter.safeParse('-0.02px').success).toBe(false);
  });
});

describe('hrefs', () => {
  it.each([
    '/',
    '/about',
    '/blog/hello?x=1#top',
    'https://example.com',
    'http://example.com/a',
    'mailto:hi@example.com',
    'tel:+4930123',
  ])('accepts %s', (h) => {
    expect(isSafeHref(h)).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '//evil.test',
    '/\\evil.test',
    'https://',
    'about',
    'ftp://example.com',
    '',
  ])('refuses %j', (h) => {
    expect(hrefSchema.safeParse(h).success).toBe(false);
    // Asked again (answered by address): the same.
    expect(isSafeHref(h)).toBe(false);
  });
  it('refuses an address over 2 KB, and answers one asked again as the first time', () => {
    expect(isSafeHref(`/${'a'.repeat(2048)}`)).toBe(false);
    for (let i = 0; i < 2; i++) expect(isSafeHref('https://example.com/again')).toBe(true);
  });
});

describe('localized text', () => {
  it('is a string or a non-empty map of locales', () => {
    expect(localizedTextSchema.safeParse('Hi').success).toBe(true);
    expect(localizedTextSchema.safeParse({ en: 'Hi', 'de-CH': 'Grüezi' }).success).toBe(true);
    expect(localizedTextSchema.safeParse({}).success).toBe(false);
    expect(localizedTextSchema.safeParse({ English: 'Hi' }).success).toBe(false);
  });
});
