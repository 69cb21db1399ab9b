import { describe, expect, it } from 'vitest';
import { feedRefs } from './build-routes.ts';
import { type HostRules, headersFile, nginxSnippet, redirectsFile } from './host-files.ts';
import { assetFile, notFoundFile, pageFile } from './static-paths.ts';
import { cssRefs, htmlRefs, jsRefs } from './static-refs.ts';

describe('static paths', () => {
  it('puts pages in .html files beside their folder', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/about')).toBe('about.html');
    expect(pageFile('/de/ueber-uns/team')).toBe('de/ueber-uns/team.html');
    expect(notFoundFile('')).toBe('404.html');
    expect(notFoundFile('/de')).toBe('de/404.html');
  });
  it('refuses paths no file can hold, and drops the query of assets', () => {
    expect(pageFile('/a/../b')).toBeNull();
    expect(pageFile('/a//b')).toBeNull();
    expect(pageFile('/a\u0000')).toBeNull();
    expect(assetFile('/media/x/card.webp?s=abc')).toBe('media/x/card.webp');
    expect(assetFile('/_site/../etc/passwd')).toBeNull();
  });
});

describe('static references', () => {
  it('finds the site files of a page: src, href, srcset candidates, absolute addresses of its own hosts', () => {
    const html = `<link rel="stylesheet" href="/_site/a.css"/><a href="/about">x</a>
      <img src="/media/1/card.webp?s=x&amp;y=1" srcset="/media/1/thumb.webp?s=t 320w, /media/1/card.webp?s=c 640w"/>
      <meta property="og:image" content="http://de.example.org/media/2/hero.webp?s=h"/>
      <meta property="og:image" content="https://elsewhere.org/media/3/hero.webp"/>
      <script type="module" src="/_site/islands/menu.1.js"></script><a href="//cdn.example/_site/x.css">x</a>
      <div style="background-image:url(&quot;/media/4/original&quot;)"></div>`;
    expect(htmlRefs(html, new Set(['de.example.org'])).sort()).toEqual(
      [
        '/_site/a.css',
        '/_site/islands/menu.1.js',
        '/media/1/card.webp?s=c',
        '/media/1/card.webp?s=x&y=1',
        '/media/1/thumb.webp?s=t',
        '/media/2/hero.webp?s=h',
        '/media/4/original',
      ].sort(),
    );
  });
  it("finds the images of a JSON Feed's items, absolute on a host of the space", () => {
    const feed = JSON.stringify({
      items: [
        { content_html: '<p>x</p><img src="https://example.org/media/1/card.webp?s=a&amp;b" alt="x"/>' },
        { content_text: 'no body' },
        { content_html: '<img src="https://elsewhere.org/media/2/card.webp" alt=""/>' },
      ],
    });
    expect(feedRefs(feed, new Set(['example.org']))).toEqual(['/media/1/card.webp?s=a&b']);
  });
  it('finds the fonts of a stylesheet and the files a script names', () => {
    expect(
      cssRefs('@font-face{src:url(/_site/fonts/a.woff2) format("woff2")}b{background:url("data:x")}'),
    ).toEqual(['/_site/fonts/a.woff2']);
    expect(jsRefs('import("/_site/islands/chunk.1.js");const x="/api"')).toEqual([
      '/_site/islands/chunk.1.js',
    ]);
  });
});

const rules: HostRules = {
  securityHeaders: [
    ['X-Content-Type-Options', 'nosniff'],
    ['Content-Security-Policy', "default-src 'self'"],
  ],
  immutableCacheControl: 'public, max-age=31536000, immutable',
  mediaCacheControl: 'public, max-age=3600',
  contentTypes: [{ path: '/media/1/original', type: 'image/png' }],
  redirects: [{ from: '/old page', to: '/new', status: 301 }],
  localePrefix: '/en',
  hostRedirects: [{ from: 'https://www.example.org', to: 'https://example.org' }],
  notFound: [
    { prefix: '', file: '404.html' },
    { prefix: '/de', file: 'de/404.html' },
  ],
};

describe('host rule files', () => {
  it('writes _headers without a Cache-Control on /* (hosts join the values of every matching rule)', () => {
    const text = headersFile(rules);
    expect(text).toBe(
      [
        "/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: default-src 'self'\n",
        '/_site/*\n  Cache-Control: public, max-age=31536000, immutable\n',
        '/media/*\n  Cache-Control: public, max-age=3600\n',
        '/media/1/original\n  Content-Type: image/png\n',
      ].join('\n'),
    );
  });
  it('writes _redirects: other domains forced first, then redirects, then locale 404 pages', () => {
    expect(redirectsFile(rules).split('\n').slice(1)).toEqual([
      'https://www.example.org/* https://example.org/:splat 301!',
      '/en / 301',
      '/en/* /:splat 301',
      '/old%20page /new 301',
      '/de/* /de/404.html 404',
      '',
    ]);
  });
  it('writes an nginx snippet whose every location repeats the security headers', () => {
    const text = nginxSnippet(rules);
    const locations = text.match(/^location /gm)?.length ?? 0;
    expect(text.match(/add_header X-Content-Type-Options "nosniff" always;/g)?.length).toBe(locations);
    expect(text).toMatch(
      /location = "\/old page" \{\n(?: {4}add_header .*\n)+ {4}return 301 "\/new\$is_args\$args";\n\}/,
    );
    expect(text).toContain('location = "/media/1/original" {');
    expect(text).toContain('location = "/en" {');
    expect(text).toContain('location ^~ "/en/" {');
    // nginx's string makes `\\\\` two backslashes, the regex one: a rest starting with `/` or `\` is no redirect.
    expect(text).toContain(
      '    if ($request_uri ~ "^/en/(?![/\\\\\\\\])(.*)$") {\n        return 301 "/$1";\n    }',
    );
    expect(text).toContain('error_page 404 /de/404.html;');
    expect(text).toContain(
      '# server { server_name www.example.org; return 301 https://example.org$request_uri; }',
    );
  });

  it('escapes or refuses what each format gives meaning to', () => {
    const tricky: HostRules = {
      ...rules,
      redirects: [
        { from: '/go/*', to: 'https://evil.example/?c=$http_cookie', status: 302 },
        { from: '/a:b #c', to: '/x:y "q" \\ {z};', status: 301 },
      ],
    };
    expect(redirectsFile(tricky).split('\n')).toEqual(
      expect.arrayContaining([
        '/go/%2A https://evil.example/?c=$http_cookie 302',
        '/a%3Ab%20%23c /x%3Ay%20"q"%20\\%20{z}; 301',
      ]),
    );
    const nginx = nginxSnippet(tricky);
    expect(nginx).toContain('location = "/go/*" {');
    expect(nginx).toContain('return 302 "https://evil.example/?c=%24http_cookie";');
    expect(nginx).toContain('location = "/a:b #c" {');
    expect(nginx).toContain('return 301 "/x:y%20%22q%22%20%5C%20%7Bz%7D%3B$is_args$args";');
    expect(nginx).not.toContain('$http_cookie');
    // A value nginx would expand, or a line break in a header: the build stops rather than write it.
    expect(() => nginxSnippet({ ...rules, securityHeaders: [['X-A', 'a$uri']] })).toThrow(/\$/);
    expect(() => headersFile({ ...rules, securityHeaders: [['X-A', 'a\nSet-Cookie: x=1']] })).toThrow(
      /control character/,
    );
    expect(() =>
      redirectsFile({ ...rules, redirects: [{ from: '/a', to: '/b\n/c /d', status: 301 }] }),
    ).toThrow(/control character/);
  });
});
