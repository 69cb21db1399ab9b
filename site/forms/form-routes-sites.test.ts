// Forms beyond the plain site: a password-protected site, submissions in the space file, posts from an
// exported site (FORM_ORIGINS). The plain site's form posts are in form-routes.test.ts.
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../cli/plugins.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { exportSpace } from '../../core/space-format/export.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { issueAccessCookie } from '../access/access-cookie.ts';
import { staticFormStamp } from '../access/form-stamp.ts';
import {
  AUTH_SECRET,
  FORM_PATH,
  FORM_REF,
  type FormsSite,
  HTML_ACCEPT,
  JSON_ACCEPT,
  nextAddress,
  ORIGIN,
  openFormsSite,
  plugins,
  valid,
} from './forms-harness.ts';

describe.each(testDatabases())('forms of a password-protected site on $kind', ({ open }) => {
  let site: FormsSite;
  let hash: string;
  beforeAll(async () => {
    site = await openFormsSite(open);
    hash = await argon2.hash('correct horse battery', { type: argon2.argon2id });
    await site.db.query(
      `update space_plugin_settings set settings = jsonb_set(settings, '{passwordHash}', to_jsonb($1::text))
       where space_id = $2 and plugin_id = 'website' and environment = 'production'`,
      [hash, ids.space],
    );
    await site.cache.purgeTags([cacheTags.design(ids.space)]);
  }, 60_000);
  afterAll(() => site.close());

  const post = (cookie?: string) =>
    site.call('POST', FORM_PATH, {
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        accept: JSON_ACCEPT,
        'x-forwarded-for': nextAddress(),
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(valid()).toString(),
    });

  it('answers 404 to a post without a valid access cookie, and takes it with one', async () => {
    const none = await post();
    expect(none.status).toBe(404);
    expect(none.json.error.key).toBe('plugins.website.form.notFound');
    const otherSpace = issueAccessCookie(AUTH_SECRET, '00000000-0000-4000-8000-00000000ffff', hash);
    expect((await post(`cms_site_access=${otherSpace}`)).status).toBe(404);
    const oldPassword = issueAccessCookie(AUTH_SECRET, ids.space, `${hash}x`);
    expect((await post(`cms_site_access=${oldPassword}`)).status).toBe(404);
    const good = issueAccessCookie(AUTH_SECRET, ids.space, hash);
    const res = await post(`cms_site_access=${good}`);
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
  });
});

describe.each(testDatabases())('form submissions in the space file on $kind', ({ open }) => {
  let site: FormsSite;
  beforeAll(async () => {
    site = await openFormsSite(open);
  }, 60_000);
  afterAll(() => site.close());

  it('are exported with the space and survive a round trip', async () => {
    const res = await site.call('POST', FORM_PATH, {
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        accept: JSON_ACCEPT,
        'x-forwarded-for': '192.0.2.200',
      },
      body: new URLSearchParams(valid({ name: 'Exported' })).toString(),
    });
    expect(res.status).toBe(200);
    const storage = site.storage;
    const exported = await exportSpace(site.db, 'fixture', { storage, plugins });
    const subs = (exported as any).website.formSubmissions as Record<string, unknown>[];
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      formKey: 'contact',
      nodeId: 'contact',
      locale: 'en',
      page: '/about',
      host: 'fixture.test',
      values: { name: 'Exported', agree: true, cups: 12 },
    });
    expect(JSON.stringify(subs)).not.toContain('192.0.2.200');
    const second = await migrated(open, allMigrations(plugins));
    try {
      await importSpace(second.db, parseSpaceFile(exported, plugins), {
        baseDir: process.cwd(),
        storage,
        plugins,
      });
      const again = await exportSpace(second.db, 'fixture', { storage, plugins });
      expect((again as any).website.formSubmissions).toEqual(subs);
    } finally {
      await second.drop();
    }
  });
});

describe.each(testDatabases())('form posts from an exported site (FORM_ORIGINS) on $kind', ({ open }) => {
  const EXPORTED = 'https://fixture.pages.test';
  let site: FormsSite;
  beforeAll(async () => {
    site = await openFormsSite(open, undefined, undefined, { FORM_ORIGINS: [EXPORTED] });
  }, 60_000);
  afterAll(() => site.close());

  const exportedStamp = () =>
    staticFormStamp(AUTH_SECRET, ids.space, FORM_REF, Date.now() - 90 * 24 * 3600 * 1000);
  const post = (origin: string, fields: Record<string, string>, accept = JSON_ACCEPT) =>
    site.call('POST', FORM_PATH, {
      headers: {
        origin,
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        accept,
        'x-forwarded-for': nextAddress(),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const submissions = async () =>
    (await site.db.query<{ page: string; host: string }>('select page, host from website_form_submissions'))
      .rows;

  it('takes a post from a listed origin with a build stamp months old, and lets its island read the answer', async () => {
    const res = await post(EXPORTED, valid({ _stamp: exportedStamp(), name: 'Static' }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, message: 'Thanks!' });
    expect(res.headers['access-control-allow-origin']).toBe(EXPORTED);
    expect(String(res.headers.vary)).toMatch(/Origin/);
    expect(await submissions()).toContainEqual({ page: '/about', host: 'fixture.test' });
  });

  it('refuses an unlisted origin without CORS, and a refusal to a listed one carries CORS so the island shows it', async () => {
    const before = (await submissions()).length;
    const other = await post('https://other.pages.test', valid({ _stamp: exportedStamp() }));
    expect(other.status).toBe(403);
    expect(other.json.error.key).toBe('plugins.website.form.crossOrigin');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const invalid = await post(EXPORTED, valid({ _stamp: exportedStamp(), email: 'not-an-address' }));
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors.email).toBeTruthy();
    expect(invalid.headers['access-control-allow-origin']).toBe(EXPORTED);
    // The last character changed for certain (a fixed `A` left one stamp in 64 unchanged, and valid).
    const stamp = exportedStamp();
    const forged = await post(
      EXPORTED,
      valid({ _stamp: `${stamp.slice(0, -1)}${stamp.endsWith('A') ? 'B' : 'A'}` }),
    );
    expect(forged.status).toBe(400);
    expect(forged.json.error.key).toBe('plugins.website.form.stampInvalid');
    expect((await submissions()).length).toBe(before);
  });

  it('without script: a page of its own with the message and a link back to the exported page', async () => {
    const res = await post(EXPORTED, valid({ _stamp: exportedStamp() }), HTML_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('<p role="status">Thanks!</p>');
    expect(res.text).toContain(`<a href="${EXPORTED}/about#f0">`);
    // An icon of its own: else the browser asks this host for /favicon.ico, which it does not serve.
    expect(res.text).toContain('<link rel="icon" href="data:,">');
    const refused = await post(EXPORTED, valid({ _stamp: exportedStamp(), name: '' }), HTML_ACCEPT);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(`<a href="${EXPORTED}/about#f0">`);
  });

  it('answers a preflight for a listed origin only', async () => {
    const ask = (origin: string) =>
      site.call('OPTIONS', FORM_PATH, {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-extra',
        },
      });
    const ok = await ask(EXPORTED);
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(EXPORTED);
    expect(ok.headers['access-control-allow-methods']).toBe('POST');
    const refused = await ask('https://other.pages.test');
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
