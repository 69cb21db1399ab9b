import { describe, expect, it } from 'vitest';
import { sameHostLocation, tableLocation } from './safe-location.ts';

/** Where a browser on https://site.example goes for a Location: the host it lands on. */
const landsOn = (location: string) => new URL(location, 'https://site.example/a/b').host;

describe('the same-host rule for a Location', () => {
  it('keeps a path, its query and fragment, normalised', () => {
    expect(sameHostLocation('/')).toBe('/');
    expect(sameHostLocation('/about?x=1#team')).toBe('/about?x=1#team');
    expect(sameHostLocation('/a/./b/../c')).toBe('/a/c');
    expect(sameHostLocation('/über uns')).toBe('/%C3%BCber%20uns');
    expect(sameHostLocation('/a//b')).toBe('/a//b');
  });

  it('refuses whatever a browser reads as another host', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/.//evil',
      '/./\\evil',
      '/a/..//evil',
      'https://evil.example/',
      'http:/evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
    ]) {
      expect(sameHostLocation(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('leaves encoded slashes and backslashes encoded: the browser stays on the host', () => {
    for (const path of [
      '/%2F%2Fevil.example',
      '/%2f%2fevil.example/',
      '/%5Cevil',
      '/%5C%5Cevil',
      '/@evil.example',
      '/:evil',
    ]) {
      const location = sameHostLocation(path);
      expect(location, path).toBe(path);
      expect(landsOn(location as string)).toBe('site.example');
    }
  });

  it('never answers a location that lands on another host, whatever the input', () => {
    const pieces = [
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2f',
      '%5c',
      '@',
      ':',
      '\t',
      '\n',
      'evil.example',
      'en',
      '?',
      '#',
    ];
    let tried = 0;
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const location = sameHostLocation(`/${a}${b}${c}`);
          tried++;
          if (location !== null) {
            expect(location.startsWith('/') && !/^\/[/\\]/.test(location), location).toBe(true);
            expect(landsOn(location), location).toBe('site.example');
          }
        }
    expect(tried).toBe(pieces.length ** 3);
  });
});

describe('a target of the redirects table', () => {
  it('keeps an absolute address an editor wrote, as a valid header', () => {
    expect(tableLocation('https://elsewhere.example/x?y=1', '/old')).toBe('https://elsewhere.example/x?y=1');
    expect(tableLocation('https://bücher.example/ä', '/old')).toBe('https://xn--bcher-kva.example/%C3%A4');
    expect(tableLocation('mailto:info@example.org', '/old')).toBe('mailto:info@example.org');
  });

  it('holds a relative target to the same-host rule, resolving it against the request path', () => {
    expect(tableLocation('/new', '/old')).toBe('/new');
    expect(tableLocation('?page=2', '/de/old')).toBe('/de/old?page=2');
    expect(tableLocation('#top', '/old')).toBe('/old#top');
    expect(tableLocation('/.//evil.example', '/old')).toBeNull();
    expect(tableLocation('//evil.example', '/old')).toBeNull();
    expect(tableLocation('\\\\evil.example', '/old')).toBeNull();
    expect(tableLocation('javascript:alert(1)', '/old')).toBeNull();
    expect(tableLocation('data:text/html,x', '/old')).toBeNull();
    expect(tableLocation('?x', '//evil.example')).toBeNull();
  });
});
