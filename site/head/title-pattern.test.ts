import { describe, expect, it } from 'vitest';
import { pageTitle } from './title-pattern.ts';

describe('the title pattern', () => {
  it('fills {title} and {site}, wherever and however often they appear', () => {
    expect(pageTitle('{title} · {site}', { title: 'About', site: 'Morgenrot' })).toBe('About · Morgenrot');
    expect(pageTitle('{site} | {title} | {site}', { title: 'About', site: 'M' })).toBe('M | About | M');
    expect(pageTitle('Welcome', { title: 'About', site: 'M' })).toBe('Welcome');
  });

  it('drops a separator left dangling by an empty part', () => {
    expect(pageTitle('{title} · {site}', { title: 'About', site: '' })).toBe('About');
    expect(pageTitle('{site} – {title}', { title: '', site: 'M' })).toBe('M');
  });
});
