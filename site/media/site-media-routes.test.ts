import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import type { AssetRecord } from '../../core/media/asset-record.ts';
import { originalPath, variantPath } from '../../core/media/signing.ts';
import { twoColourImage } from '../../core/media/test-images.ts';
import { uploadAsset } from '../../core/media/upload-asset.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { appOf, mediaWorld } from '../../delivery/media/media-test-kit.ts';
import { type SiteMediaAccess, siteMediaRoutes } from './site-media-routes.ts';

const otherSpace = '00000000-0000-4000-8000-0000000002a1';

describe.each(testDatabases())('the website process /media on $kind', ({ open }) => {
  let world: Awaited<ReturnType<typeof mediaWorld>>;
  let site: ReturnType<typeof appOf>;
  const password = { set: false };
  const used: Record<'logo' | 'favicon' | 'font' | 'image' | 'background' | 'draftOnly', AssetRecord> =
    {} as never;
  let foreign: AssetRecord;

  /**
   * The site's part, as issue 7 will wire it: the host is looked up in `website_domains`. Cookie checks come in a
   * later issue; until then this test states the visitor's cookies plainly in a test header.
   */
  const access = async (c: Context): Promise<SiteMediaAccess> => {
    const host = (c.req.header('Host') ?? '').replace(/:\d+$/, '').toLowerCase();
    const res = await world.db.query<{ space_id: string }>(
      'select space_id::text as space_id from website_domains where host = $1',
      [host],
    );
    const cookies = c.req.header('X-Test-Cookies') ?? '';
    return {
      spaceId: res.rows[0]?.space_id ?? null,
      shareCookie: cookies.includes('share'),
      passwordProtected: password.set,
      accessCookie: cookies.includes('access'),
    };
  };
  const get = (path: string, host = 'fixture.test', cookies = '') =>
    site.request(`http://${host}${path}`, { headers: { Host: host, 'X-Test-Cookies': cookies } });
  const signed = (id: string) => variantPath(world.secrets.current, id, 'card', 'webp');

  beforeAll(async () => {
    world = await mediaWorld(open);
    site = appOf(siteMediaRoutes(world.deps, access));
    const upload = async (name: string, spaceId: string = ids.space) =>
      uploadAsset(
        { db: world.db, storage: world.storage, maxBytes: 10_000_000 },
        {
          spaceId,
          bytes: await twoColourImage({ width: 400 + name.length, height: 300, format: 'png' }),
          filename: name,
        },
      );
    for (const name of Object.keys({
      logo: 0,
      favicon: 0,
      font: 0,
      image: 0,
      background: 0,
      draftOnly: 0,
    }) as Array<keyof typeof used>) {
      used[name] = await upload(name);
    }
    // Published designs use an asset as the logo, an uploaded font face, an image node and a background;
    // the settings name the favicon; a draft design names one more.
    const designs: Array<[string, string, unknown, unknown]> = [
      ['site', 'default', { logoId: used.logo.id }, null],
      [
        'theme',
        'default',
        {
          fonts: {
            body: { family: 'House', uploaded: [{ assetId: used.font.id, weight: 400, style: 'normal' }] },
          },
        },
        null,
      ],
      [
        'page',
        'page',
        {
          layout: 'default',
          root: {
            id: 'n1',
            el: 'box',
            style: { base: { backgroundImage: { assetId: used.background.id } } },
            children: [{ id: 'n2', el: 'image', props: { assetId: used.image.id } }],
          },
        },
        { layout: 'default', root: { id: 'n1', el: 'image', props: { assetId: used.draftOnly.id } } },
      ],
    ];
    for (const [kind, key, published, draft] of designs) {
      await world.db.query(
        `insert into website_designs (space_id, kind, key, published, draft) values ($1, $2, $3, $4::jsonb, $5::jsonb)
         on conflict (space_id, environment, kind, key) do update set published = excluded.published, draft = excluded.draft`,
        [ids.space, kind, key, JSON.stringify(published), draft === null ? null : JSON.stringify(draft)],
      );
    }
    await world.db.query(
      `update space_plugin_settings set settings = settings || jsonb_build_object('faviconId', $2::text)
       where space_id = $1 and plugin_id = 'website' and environment = 'production'`,
      [ids.space, used.favicon.id],
    );
    // Another designed space on its own host, with a published page that references its own image.
    await world.db.query(
      `insert into spaces (id, name, title, default_locale, locales) values ($1, 'other', 'Other', 'en', '{en}')`,
      [otherSpace],
    );
    await world.db.query(
      `insert into website_domains (host, space_id, "primary") values ('other.test', $1, true)`,
      [otherSpace],
    );
    foreign = await upload('foreign', otherSpace);
    await world.db.query(
      `insert into documents (id, space_id, type) values ('00000000-0000-4000-8000-0000000002d1', $1, 'page')`,
      [otherSpace],
    );
    await world.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields)
       values ('00000000-0000-4000-8000-0000000002d1', 'en', 'published', 'Home', 'home', jsonb_build_object('hero', $1::text))`,
      [foreign.id],
    );
  });
  afterAll(() => world.drop());

  it('serves what published content of the host space references, publicly cached', async () => {
    const res = await get(originalPath(world.assets.wide.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const variant = await get(signed(world.assets.wide.id));
    expect(variant.status).toBe(200);
    expect(variant.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves what published designs and the website settings use: logo, favicon, font, image, background', async () => {
    for (const name of ['logo', 'favicon', 'font', 'image', 'background'] as const) {
      expect((await get(originalPath(used[name].id))).status, name).toBe(200);
    }
  });

  it('answers 404 for assets nothing published uses, assets of other spaces and unknown hosts', async () => {
    expect((await get(originalPath(world.assets.unreferenced.id))).status).toBe(404);
    expect((await get(originalPath(used.draftOnly.id))).status).toBe(404);
    expect((await get(signed(used.draftOnly.id))).status).toBe(404);
    expect((await get(originalPath(foreign.id))).status).toBe(404);
    expect((await get(originalPath(foreign.id), 'other.test')).status).toBe(200);
    expect((await get(originalPath(world.assets.wide.id), 'other.test')).status).toBe(404);
    expect((await get(originalPath(world.assets.wide.id), 'unknown.test')).status).toBe(404);
  });

  it('sees a design once it is published and its tag purged', async () => {
    expect((await get(originalPath(used.draftOnly.id))).status).toBe(404);
    await world.db.query(
      `update website_designs set published = draft where space_id = $1 and kind = 'page'`,
      [ids.space],
    );
    await world.deps.cache.purgeTags([cacheTags.design(ids.space)]);
    expect((await get(originalPath(used.draftOnly.id))).status).toBe(200);
    await world.db.query(
      `update website_designs set published = $2::jsonb where space_id = $1 and kind = 'page'`,
      [ids.space, JSON.stringify({ layout: 'default', root: { id: 'n1', el: 'box' } })],
    );
    await world.deps.cache.purgeTags([cacheTags.design(ids.space)]);
    expect((await get(originalPath(used.draftOnly.id))).status).toBe(404);
  });

  it('serves every asset of the space, privately, with a share cookie', async () => {
    const res = await get(originalPath(world.assets.unreferenced.id), 'fixture.test', 'share');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const variant = await get(signed(world.assets.unreferenced.id), 'fixture.test', 'share');
    expect(variant.status).toBe(200);
    expect(variant.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await get(originalPath(foreign.id), 'fixture.test', 'share')).status).toBe(404);
  });

  it('under a site password: 404 without the access cookie, private and unindexed with it', async () => {
    password.set = true;
    try {
      const locked = await get(originalPath(world.assets.wide.id));
      expect(locked.status).toBe(404);
      expect(locked.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      expect((await get(signed(world.assets.wide.id))).status).toBe(404);
      const open = await get(originalPath(world.assets.wide.id), 'fixture.test', 'access');
      expect(open.status).toBe(200);
      expect(open.headers.get('Cache-Control')).toBe('private, no-store');
      expect(open.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      const variant = await get(signed(world.assets.wide.id), 'fixture.test', 'access');
      expect(variant.headers.get('Cache-Control')).toBe('private, no-store');
      expect((await get(originalPath(world.assets.unreferenced.id), 'fixture.test', 'access')).status).toBe(
        404,
      );
      expect((await get(originalPath(world.assets.unreferenced.id), 'fixture.test', 'share')).status).toBe(
        200,
      );
    } finally {
      password.set = false;
    }
  });

  it('checks the signature before asking who the visitor is', async () => {
    const before = world.renders.length;
    const res = await get(`/media/${world.assets.wide.id}/card.webp?s=forged`, 'unknown.test');
    expect(res.status).toBe(403);
    expect(world.renders.length).toBe(before);
  });
});
