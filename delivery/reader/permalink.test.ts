import { describe, expect, it } from 'vitest';
import { decodePermalinkPath, hrefOf, joinPermalink, permalinkSegments } from './permalink.ts';

describe('permalinks', () => {
  it('join the slugs from the root, without a leading slash', () => {
    expect(joinPermalink(['blog', 'hello'])).toBe('blog/hello');
    expect(joinPermalink(['home'])).toBe('home');
  });

  it('split a requested permalink, ignoring outer slashes and refusing empty or dot segments', () => {
    expect(permalinkSegments('/about/team/')).toEqual(['about', 'team']);
    expect(permalinkSegments('')).toEqual([]);
    expect(permalinkSegments('/')).toEqual([]);
    expect(permalinkSegments('about//team')).toBeNull();
    expect(permalinkSegments('about/../secret')).toBeNull();
    expect(permalinkSegments('./about')).toBeNull();
  });

  it('decode an address path segment by segment, never letting an encoded slash join segments', () => {
    expect(decodePermalinkPath('caf%C3%A9/men%C3%BC')).toBe('café/menü');
    expect(decodePermalinkPath('a%2Fb')).toBeNull();
    expect(decodePermalinkPath('bad%E0%A4%A')).toBeNull();
    expect(decodePermalinkPath('100%25')).toBe('100%');
  });

  it('make a link address, or null when the target has no permalink', () => {
    expect(hrefOf('about/team')).toBe('/about/team');
    expect(hrefOf(null)).toBeNull();
    expect(hrefOf(undefined)).toBeNull();
  });
});
