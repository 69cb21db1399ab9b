import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleScript, SCRIPT_BUDGETS, setProjectIslands } from '../../build/islands.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { STRICT_PAGE_CSP } from '../headers/csp.ts';
import { siteFixture, siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';
import { defineComponent, prop } from './define.ts';
import { replaceComponents } from './register.ts';

const ratio = defineComponent({
  name: 'brew-ratio',
  label: 'Brew ratio',
  island: 'brew-ratio',
  props: z.object({
    dose: z.number().min(1).max(100),
    title: z.string().optional(),
    note: prop.text().optional(),
  }),
  render: (p, ctx) => (
    <>
      <h2>{p.title ?? 'Ratio'}</h2>
      <output data-dose={String(p.dose)}>{`${p.dose} g`}</output>
      <p>{ctx.t(p.note)}</p>
      <a href={ctx.link('home') ?? undefined}>home</a>
    </>
  ),
});

let ratioIndex = -1;

function space(): Record<string, unknown> {
  const s = siteFixture() as Record<string, any>;
  const page = s.website.designs.find(
    (d: { kind: string; key: string }) => d.kind === 'page' && d.key === 'page',
  );
  ratioIndex = page.published.root.children.length;
  page.published.root.children.push({
    id: 'ratio',
    el: 'component',
    component: 'brew-ratio',
    props: { dose: 18, note: { en: 'Grind fine', de: 'Fein mahlen' } },
    bindings: { title: { field: '$title' } },
  });
  return s;
}

describe.each(testDatabases())('code components on $kind', ({ open }) => {
  let site: SiteHarness;
  beforeAll(async () => {
    replaceComponents([ratio]);
    const island = await bundleScript({
      name: 'brew-ratio',
      entry: {
        contents:
          'document.querySelectorAll("[data-island=brew-ratio]").forEach((e) => e.setAttribute("data-ready", ""));',
      },
      budgetBytes: SCRIPT_BUDGETS.island,
    });
    setProjectIslands([island]);
    site = await openSite(open, { space: space() });
  });
  afterAll(async () => {
    replaceComponents([]);
    setProjectIslands([]);
    await site.drop();
  });

  it('renders the component with its props and bound props, its island script and the CSP unchanged', async () => {
    const res = await site.get('http://fixture.test/about');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(
      /<div class="v-\w+-ratio" data-island="brew-ratio"><h2>About us<\/h2><output data-dose="18">18 g<\/output><p>Grind fine<\/p><a href="\/">home<\/a><\/div>/,
    );
    const script = html.match(
      /<script type="module" src="(\/_site\/islands\/brew-ratio\.[a-f0-9]+\.js)"><\/script>/,
    );
    expect(script).not.toBeNull();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.headers.get('content-security-policy')).toBe(STRICT_PAGE_CSP);
    const js = await site.get(`http://fixture.test${script![1]}`);
    expect(js.status).toBe(200);
    expect(await js.text()).toContain('data-ready');
    const de = await (await site.get('http://de.fixture.test/ueber-uns')).text();
    expect(de).toContain('<p>Fein mahlen</p>');
  });

  it('leaves a node whose props no longer parse out of the page and logs one warning', async () => {
    await site.db.query(
      `update website_designs set published = jsonb_set(published, $2::text[], '0')
       where space_id = $1 and kind = 'page' and key = 'page'`,
      [siteIds.space, ['root', 'children', String(ratioIndex), 'props', 'dose']],
    );
    await site.db.query('delete from website_design_versions where space_id = $1', [siteIds.space]);
    await site.cache.purgeTags([cacheTags.design(siteIds.space)]);
    for (const url of ['http://fixture.test/about', 'http://fixture.test/news']) {
      const res = await site.get(url);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).not.toContain('data-island="brew-ratio"');
      expect(html).not.toContain('/_site/islands/brew-ratio.');
    }
    const warnings = site.log.warnings().filter((w) => String(w.msg).startsWith('design error'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ design: 'page/page', nodeId: 'ratio' });
    expect(String(warnings[0]!.msg)).toContain('props.dose');
  });
});
