import { describe, expect, it } from 'vitest';
import { resolveLocale } from './resolve-locale.ts';
import type { DomainRow, SiteInfo } from './types.ts';

const site = { space: { defaultLocale: 'en', locales: ['en', 'de', 'fr'] } } as SiteInfo;
const domain = (locale: string | null): DomainRow => ({
  host: 'h.test',
  spaceId: 's',
  primary: true,
  redirectToPrimary: false,
  locale,
  environment: 'production',
});
const route = (path: string, pin: string | null = null, search = '') =>
  resolveLocale({ site, domain: domain(pin), path, search });

describe('the locale step', () => {
  it('takes the default locale without a prefix', () => {
    expect(route('/')).toEqual({ kind: 'page', locale: 'en', permalink: '', prefix: '' });
    expect(route('/about/team')).toEqual({ kind: 'page', locale: 'en', permalink: 'about/team', prefix: '' });
  });

  it('selects a locale by a first segment equal to it', () => {
    expect(route('/de')).toEqual({ kind: 'page', locale: 'de', permalink: '', prefix: '/de' });
    expect(route('/fr/a/b')).toEqual({ kind: 'page', locale: 'fr', permalink: 'a/b', prefix: '/fr' });
    // Only a whole segment: `/deutsch` is a path of the default locale.
    expect(route('/deutsch')).toEqual({ kind: 'page', locale: 'en', permalink: 'deutsch', prefix: '' });
  });

  it('redirects the default locale prefix to the unprefixed path, query kept', () => {
    expect(route('/en/about', null, '?a=1')).toEqual({ kind: 'redirect', location: '/about?a=1' });
    expect(route('/en')).toEqual({ kind: 'redirect', location: '/' });
  });

  it('serves only the pinned locale on a pinned domain, where a prefix is just a path', () => {
    expect(route('/ueber-uns', 'de')).toEqual({
      kind: 'page',
      locale: 'de',
      permalink: 'ueber-uns',
      prefix: '',
    });
    expect(route('/en/about', 'de')).toEqual({
      kind: 'page',
      locale: 'de',
      permalink: 'en/about',
      prefix: '',
    });
    expect(route('/de/x', 'de')).toEqual({ kind: 'page', locale: 'de', permalink: 'de/x', prefix: '' });
  });

  it('redirects a trailing slash to the path without it', () => {
    expect(route('/about/', null, '?x')).toEqual({ kind: 'redirect', location: '/about?x' });
    expect(route('/de/', 'de')).toEqual({ kind: 'redirect', location: '/de' });
    expect(route('//')).toEqual({ kind: 'redirect', location: '/' });
  });

  it('redirects only to a path on this host: a location that would leave it is no redirect', () => {
    for (const path of ['//evil.example/', '///evil.example/', '/en//evil.example', '/en///x']) {
      const answer = route(path, null, '?q');
      expect(answer.kind, path).toBe('page');
    }
    // Only the slash goes, the path stays on this host (where it is no page: find-document.ts).
    expect(route('/en//evil.example/')).toEqual({ kind: 'redirect', location: '/en//evil.example' });
    // Encoded slashes and backslashes stay encoded: the browser stays on this host.
    expect(route('/%2F%2Fevil.example/')).toEqual({ kind: 'redirect', location: '/%2F%2Fevil.example' });
    expect(route('/en/%5Cevil')).toEqual({ kind: 'redirect', location: '/%5Cevil' });
    expect(route('//evil.example/', 'de').kind).toBe('page');
  });
});
