import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryIds as ids } from '../reader/delivery-fixture.ts';
import { expectError, json, openRest } from './rest-test-kit.ts';
import { Menu } from './schemas.ts';

describe.each(testDatabases())('select and menu links on $kind', ({ open }) => {
  let rest: Awaited<ReturnType<typeof openRest>>;
  beforeAll(async () => {
    rest = await openRest(open);
  });
  afterAll(() => rest?.close());
  const get = (path: string) => json(rest.api, path);

  it('select trims every document of a list to the parts named; id and type always come', async () => {
    const full = await get('/v1/content?type=page&limit=5');
    const trimmed = await get('/v1/content?type=page&limit=5&select=title,permalink,fields.hero');
    expect(trimmed.status).toBe(200);
    expect(trimmed.body.total).toBe(full.body.total);
    expect(trimmed.body.items).toEqual(
      full.body.items.map((d: Record<string, any>) => ({
        id: d.id,
        type: d.type,
        title: d.title,
        permalink: d.permalink,
        fields: { hero: d.fields.hero },
      })),
    );
    expect(JSON.stringify(trimmed.body).length).toBeLessThan(JSON.stringify(full.body).length / 2);
    // `fields` whole wins over single fields; expand still inlines what is kept.
    const whole = await get(`/v1/content/${ids.home}?select=fields,fields.hero&expand=hero`);
    expect(Object.keys(whole.body).sort()).toEqual(['fields', 'id', 'type']);
    expect(whole.body.fields.hero).toMatchObject({ id: ids.image, variants: expect.any(Object) });
    expect(Object.keys(whole.body.fields)).toContain('summary');
  });

  it('select works on one document, by permalink and the home; the answer is cached per selection', async () => {
    const byId = await get(`/v1/content/${ids.about}?select=title`);
    expect(byId.body).toEqual({ id: ids.about, type: 'page', title: 'About us' });
    const byPath = await get('/v1/permalink/about?select=slug&locale=de');
    expect(byPath.status).toBe(404);
    const de = await get('/v1/permalink/ueber-uns?select=slug&locale=de');
    expect(de.body).toEqual({ id: ids.about, type: 'page', slug: 'ueber-uns' });
    const home = await get('/v1/permalink?select=title,tags');
    expect(Object.keys(home.body).sort()).toEqual(['id', 'tags', 'title', 'type']);
    const again = await get(`/v1/content/${ids.about}?select=title`);
    expect(again.res.headers.get('etag')).toBe(byId.res.headers.get('etag'));
    expect((await get(`/v1/content/${ids.about}`)).res.headers.get('etag')).not.toBe(
      byId.res.headers.get('etag'),
    );
  });

  it('an unknown part is 400 query.invalid naming the allowed ones (of the type, when one is given)', async () => {
    const bad = await get('/v1/content?type=blog-post&select=title,fields.summary,colour');
    expectError(bad, 400, 'query.invalid');
    expect(bad.body.error.details.map((d: { params: { value: string } }) => d.params.value)).toEqual([
      'colour',
      'fields.summary',
    ]);
    const allowed = bad.body.error.details[0].params.allowed as string[];
    expect(allowed).toEqual(
      expect.arrayContaining(['title', 'permalink', 'fields.meta_description', 'fields.mood']),
    );
    expect(allowed).not.toContain('fields.summary');
    expect(allowed).not.toContain('fields.internal_notes');
    expectError(await get(`/v1/content/${ids.about}?select=fields.internal_notes`), 400, 'query.invalid');
    expectError(await get('/v1/permalink?select=body'), 400, 'query.invalid');
  });

  it('every document answered carries alternates, locale to permalink, where it is published', async () => {
    const about = await get(`/v1/content/${ids.about}`);
    expect(about.body.alternates).toEqual({ en: 'about', de: 'ueber-uns' });
    const de = await get('/v1/permalink/ueber-uns?locale=de');
    expect(de.body.alternates).toEqual({ en: 'about', de: 'ueber-uns' });
    const english = await get(`/v1/content/${ids.englishOnly}`);
    expect(english.body.alternates).toEqual({ en: 'news/english-only' });
    const list = await get('/v1/content?type=page&limit=100');
    const team = list.body.items.find((d: { id: string }) => d.id === ids.team);
    expect(team.alternates).toEqual({ en: 'about/team', de: 'ueber-uns/team' });
    // Inlined relations carry none; `select` without it reads none.
    const expanded = await get(`/v1/content/${ids.about}?expand=related`);
    expect(expanded.body.fields.related[0]).not.toHaveProperty('alternates');
    expect((await get(`/v1/content/${ids.about}?select=title`)).body).not.toHaveProperty('alternates');
    expect((await get(`/v1/content/${ids.about}?select=alternates`)).body.alternates).toEqual({
      en: 'about',
      de: 'ueber-uns',
    });
  });

  it('menu entries carry href; their documents are id, type, title and permalink unless expand is given', async () => {
    const menu = Menu.parse((await get('/v1/menus/main')).body);
    expect(menu.items.map((i) => i.href)).toEqual(['/about', '/news/english-only', 'https://github.com']);
    const about = menu.items[0]!;
    expect(about.content).toEqual({ id: ids.about, type: 'page', title: 'About us', permalink: 'about' });
    expect(about.children[0]!.href).toBe('/about/team');
    expect(menu.items[2]!.content).toBeNull();
    const expanded = Menu.parse((await get('/v1/menus/main?expand=content')).body);
    expect(expanded.items[0]!.content).toMatchObject({ id: ids.about, fields: expect.any(Object) });
    expect(expanded.items[0]!.href).toBe('/about');
    const de = (await get('/v1/menus/main?locale=de')).body;
    expect(de.items[0].href).toBe('/ueber-uns');
  });

  it("the home document's entry links to /, not to its own permalink", async () => {
    await rest.db.query(
      `insert into menus (id, space_id, name, machine_name, position) values ($1, $2, 'Home only', 'home-only', 9)`,
      ['00000000-0000-4000-8000-0000000000d9', ids.space],
    );
    await rest.db.query(
      `insert into menu_items (id, menu_id, parent_id, position, label, content_id) values ($1, $2, null, 0, '"Start"', $3)`,
      ['00000000-0000-4000-8000-0000000000da', '00000000-0000-4000-8000-0000000000d9', ids.home],
    );
    const menu = Menu.parse((await get('/v1/menus/home-only')).body);
    expect(menu.items.map((i) => [i.href, i.content?.permalink])).toEqual([['/', 'home']]);
  });
});
