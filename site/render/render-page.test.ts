import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { NODE_KINDS, type NodeKind, walkNodes } from '../../core/designs/index.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { siteDesigns, siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

const spaceId = siteIds.space;
const body = (html: string) => html.slice(html.indexOf('<body>'));

/** What each node kind of the fixture designs renders on the about page (its structure, not just presence). */
const EXPECTED: Record<NodeKind, RegExp> = {
  box: /<div class="v-\w+-frame"><header/,
  stack: /<footer class="v-\w+-bottom"><hr class="v-\w+-rule"\/>/,
  grid: /<div class="v-\w+-grid"><svg/,
  section: /<header class="v-\w+-top"><a class="v-\w+-logo" href="\/">/,
  spacer: /<div class="v-\w+-gap" aria-hidden="true"><\/div>/,
  divider: /<hr class="v-\w+-rule"\/>/,
  text: /<p class="v-\w+-summary">Who we…<\/p>/,
  heading: /<h1 class="v-\w+-title">About us<\/h1>/,
  richtext:
    /<div class="v-\w+-body prose"><p>We roast <\/p><p><a href="\/about\/team">our team<\/a><\/p><\/div>/,
  image:
    /<img class="v-\w+-img" src="\/media\/[^"]+\/thumb\.webp\?s=[^"]+" srcset="[^"]+ 1w" sizes="[^"]+" width="1" height="1" alt="A dot" loading="eager" fetchpriority="high"\/>/,
  video:
    /<video class="v-\w+-clip" src="\/media\/[^"]+\/original" controls="" preload="metadata"[^>]*><a href="\/media\/[^"]+\/original">dot\.png<\/a><\/video>/,
  link: /<a class="v-\w+-cta" href="\/about\/team">Meet the team<\/a>/,
  button: /<a class="v-\w+-cta-button v-button" href="\/about\/team">Meet the team<\/a>/,
  embed:
    /<iframe class="v-\w+-film" src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" title="A film" loading="lazy"/,
  icon: /<svg class="v-\w+-star" viewBox="0 0 24 24"[^>]* role="img" aria-label="Done"><path d="[^"]+"><\/path><\/svg>/,
  repeat:
    /<section class="v-\w+-faq"><h3 class="v-\w+-q">Why\?<\/h3><a class="v-\w+-see" href="\/about" aria-current="page">About us<\/a><\/section>/,
  blocks: /<div class="v-\w+-content">(<div class="v-\w+-wrap">.*?){3}/,
  block: /<div class="v-\w+-wrap"><div class="v-\w+-hero"><img/,
  form: /<form class="v-\w+-contact" id="f\d+" method="post" action="\/_cms\/forms\/page\/page\/contact" data-island="form"><input type="hidden" name="_locale" value="en"\/><input type="hidden" name="_page" value="\/about"\/>/,
  formField:
    /<label for="(f\d+-email)">E-mail<\/label><input id="\1" name="email" required="" aria-describedby="\1-error" type="email" autocomplete="email"\/><p id="\1-error" data-field-error="email" hidden=""><\/p>/,
  formSubmit: /<button class="v-\w+-send v-button" type="submit">Send<\/button>/,
  formMessage: /<div class="v-\w+-result" role="status" aria-live="polite" data-form-message=""><\/div>/,
  slot: /<main class="v-\w+-main" id="main"><article/,
  menu: /<nav class="v-\w+-nav m-\w+-root" data-island="menu" data-menu-variant="dropdown" data-menu-mobile="burger" aria-label="Main"><button type="button" class="m-\w+-mobile-button" data-menu-toggle="panel" aria-expanded="false" aria-controls="(m\d+)-panel">Menu<\/button><div id="\1-panel"/,
  logo: /<a class="v-\w+-logo" href="\/"><img src="[^"]+" srcset="[^"]+" sizes="32px" width="32" height="32" alt="Fixture" loading="eager"\/><\/a>/,
  breadcrumbs:
    /<nav class="v-\w+-crumbs" aria-label="Breadcrumb"><ol><li><a href="\/">Home<\/a><\/li><li><span aria-current="page">About us<\/span><\/li><\/ol><\/nav>/,
  localeSwitch:
    /<nav class="v-\w+-locales" aria-label="Languages"><a href="\/about" hreflang="en" lang="en" aria-current="true">English<\/a> <a href="http:\/\/de\.fixture\.test\/ueber-uns" hreflang="de" lang="de">Deutsch<\/a><\/nav>/,
};

describe.each(testDatabases())('rendering designs on $kind', ({ open }) => {
  let site: SiteHarness;
  beforeAll(async () => {
    site = await openSite(open);
  });
  afterAll(() => site.drop());

  it('uses every node kind in the fixture designs', () => {
    const used = new Set<string>();
    for (const record of siteDesigns()) {
      const p = record.published as { root?: unknown; variants?: Record<string, { root: unknown }> };
      const roots = p.root ? [p.root] : Object.values(p.variants ?? {}).map((v) => v.root);
      for (const root of roots) walkNodes(root as never, (n) => used.add(n.el));
    }
    expect([...NODE_KINDS].filter((k) => !used.has(k))).toEqual([]);
  });

  it('renders each node kind of a fixture design to its HTML', async () => {
    const html = await (await site.get('http://fixture.test/about')).text();
    for (const kind of NODE_KINDS) expect(html, kind).toMatch(EXPECTED[kind]);
    expect(body(html)).toMatchSnapshot();
  });

  it('is one accessible page: lang, skip link to main, landmarks, one h1, alt on every image', async () => {
    const html = await (await site.get('http://fixture.test/about')).text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toMatch(/<body><a class="v-skip-link" href="#main">Skip to content<\/a>/);
    expect(html.match(/ id="main"/g)).toHaveLength(1);
    expect(html.match(/<main/g)).toHaveLength(1);
    expect(html.match(/<h1/g)).toHaveLength(1);
    for (const img of html.match(/<img[^>]*>/g) ?? []) expect(img).toMatch(/ alt="[^"]*"/);
    for (const nav of html.match(/<nav[^>]*>/g) ?? []) expect(nav).toMatch(/aria-label="[^"]+"/);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("marks each page's own menu entry, with the menu's markup reused between pages", async () => {
    const menuOf = async (url: string) => {
      const html = await (await site.get(url)).text();
      return /<ul class="m-\w+-menu">.*?<\/ul><\/div><\/nav>/.exec(html)?.[0] ?? '';
    };
    const currents = (menu: string) => [...menu.matchAll(/aria-current="page">([^<]+)</g)].map((m) => m[1]);
    const about = await menuOf('http://fixture.test/about');
    const team = await menuOf('http://fixture.test/about/team');
    const only = await menuOf('http://fixture.test/news/english-only');
    expect(currents(about)).toEqual(['About']);
    expect(currents(team)).toEqual(['Team']);
    expect(currents(only)).toEqual(['Only English']);
    // Without their marks the three are the same markup.
    const unmarked = (menu: string) => menu.replace(/ class="m-\w+-current" aria-current="page"/g, '');
    expect(unmarked(team)).toBe(unmarked(about));
    expect(unmarked(only)).toBe(unmarked(about));
    // Two pages outside the menu: no mark, the same markup (the second one reused).
    const news = await menuOf('http://fixture.test/news');
    expect(news).toContain('href="/about/team"');
    expect(currents(news)).toEqual([]);
    expect(await menuOf('http://fixture.test/news/hello')).toBe(news);
    // Another locale: its own links and labels, not the English markup.
    const de = await menuOf('http://de.fixture.test/ueber-uns');
    expect(de).not.toBe('');
    expect(de).not.toContain('href="/about"');
  });

  it('loads the first image eagerly with high priority and the rest lazily', async () => {
    const html = await (await site.get('http://fixture.test/')).text();
    const imgs = (html.match(/<img[^>]*>/g) ?? []).filter((i) => !i.includes('alt="Fixture"'));
    expect(imgs[0]).toContain('loading="eager" fetchpriority="high"');
    expect(imgs[0]).toMatch(/srcset="[^"]*thumb\.webp[^"]* 1w"/);
  });

  it('escapes every text: a title of markup renders as text', async () => {
    const html = await (await site.get('http://fixture.test/markup')).text();
    expect(html).toContain('<h1 class="v-wii98t-title">&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; · Fixture</title>');
    expect(html).toContain(
      '<meta name="description" content="&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;"/>',
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>bold');
  });

  it('lists reciprocal hreflang alternates: every version names the same set, x-default included', async () => {
    const alternates = (html: string) =>
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)]
        .map((m) => `${m[1]} ${m[2]}`)
        .sort();
    const en = alternates(await (await site.get('http://fixture.test/about/team')).text());
    expect(en).toEqual([
      'de http://de.fixture.test/ueber-uns/team',
      'en http://fixture.test/about/team',
      'x-default http://fixture.test/about/team',
    ]);
    for (const line of en) {
      const url = line.split(' ')[1]!;
      expect(alternates(await (await site.get(url)).text())).toEqual(en);
    }
    // A prefixed address of a version names the same set too.
    expect(alternates(await (await site.get('http://fixture.test/de/ueber-uns/team')).text())).toEqual(en);
    // A document published in one locale lists itself and x-default only.
    const one = alternates(await (await site.get('http://fixture.test/news/english-only')).text());
    expect(one).toEqual([
      'en http://fixture.test/news/english-only',
      'x-default http://fixture.test/news/english-only',
    ]);
  });

  it('writes the head: title pattern, description, canonical, Open Graph and Twitter, favicon, fonts, stylesheet', async () => {
    await site.db.query(
      `update space_plugin_settings set settings = settings || $2::jsonb where space_id = $1 and environment = 'production'`,
      [
        spaceId,
        JSON.stringify({
          titlePattern: '{site} | {title}',
          faviconId: siteIds.image,
          shareImageId: siteIds.image,
        }),
      ],
    );
    await site.cache.purgeTags([cacheTags.design(spaceId)]);
    const html = await (await site.get('http://de.fixture.test/ueber-uns')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Fixture | Über uns</title>');
    expect(head).toContain('<meta name="description" content="Wer wir sind"/>');
    expect(head).toContain('<link rel="canonical" href="http://de.fixture.test/ueber-uns"/>');
    expect(head).toContain('<meta property="og:url" content="http://de.fixture.test/ueber-uns"/>');
    expect(head).toContain('<meta property="og:locale" content="de"/>');
    expect(head).toMatch(
      /<meta property="og:image" content="http:\/\/de\.fixture\.test\/media\/[^"]+\/hero\.webp\?s=[^"]+"\/>/,
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toMatch(/<link rel="icon" href="\/media\/[^"]+\/original" type="image\/png"\/>/);
    expect(head).toMatch(
      /<link rel="preload" href="\/_site\/fonts\/[^"]+\.woff2" as="font" type="font\/woff2" crossorigin=""\/>/,
    );
    expect(head).toMatch(/<link rel="stylesheet" href="\/_site\/[a-z0-9]+\.css"\/>/);
    expect(head).toMatch(/<script type="module" src="\/_site\/islands\/menu\.[a-f0-9]+\.js"><\/script>/);
  });

  it('renders the rest of the page and logs one warning when a design binds a field that no longer exists', async () => {
    await site.db.query(
      `update website_designs set published = jsonb_set(published, '{root,children,2,bind,field}', '"gone"')
       where space_id = $1 and kind = 'page' and key = 'page'`,
      [spaceId],
    );
    await site.db.query('delete from website_design_versions where space_id = $1', [spaceId]);
    await site.cache.purgeTags([cacheTags.design(spaceId)]);
    for (const url of [
      'http://fixture.test/about',
      'http://fixture.test/about/team',
      'http://fixture.test/news',
    ]) {
      const res = await site.get(url);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).not.toContain('-summary"');
    }
    const warnings = site.log.warnings().filter((w) => String(w.msg).startsWith('design error'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      spaceId,
      design: 'page/page',
      nodeId: 'summary',
      msg: 'design error: bind: no field "gone"',
    });
  });
});
