import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { signFormResult } from '../access/form-result.ts';
import { formStamp, MIN_FILL_MS } from '../access/form-stamp.ts';
import { clientHash } from './client-hash.ts';
import { FORM_MAX_BYTES } from './form-routes.ts';
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
  stamp,
  valid,
} from './forms-harness.ts';

describe.each(testDatabases())('form submissions on $kind', ({ open }) => {
  let site: FormsSite;
  beforeAll(async () => {
    site = await openFormsSite(open);
  }, 60_000);
  afterAll(() => site.close());

  const post = (
    fields: Record<string, string>,
    options: {
      path?: string;
      accept?: string;
      headers?: Record<string, string>;
      ip?: string;
      host?: string;
    } = {},
  ) =>
    site.call('POST', options.path ?? FORM_PATH, {
      host: options.host ?? 'fixture.test',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        accept: options.accept ?? JSON_ACCEPT,
        'x-forwarded-for': options.ip ?? nextAddress(),
        ...options.headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const count = async () =>
    Number(
      (await site.db.query<{ n: string }>('select count(*) as n from website_form_submissions')).rows[0]!.n,
    );

  it('renders the form with its hidden stamp, the honeypot out of sight and reach, and its action', async () => {
    const page = await site.call('GET', '/about');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="${FORM_PATH}"`);
    expect(page.text).toMatch(/<input type="hidden" name="_stamp" value="\d{13}\.[A-Za-z0-9_-]{43}"\/>/);
    expect(page.text).toMatch(
      /<div class="v-sr-only" aria-hidden="true"><label for="(f\d+)-website_url">Website<\/label><input id="\1-website_url" type="text" name="website_url" tabindex="-1" autocomplete="off"\/><\/div>/,
    );
    expect(page.text).toContain('<input type="hidden" name="_page" value="/about"/>');
  });

  it('refuses a post faster than a person (its own fresh stamp), and takes the same post two seconds later', async () => {
    const page = await site.call('GET', '/about');
    const rendered = /name="_stamp" value="([^"]+)"/.exec(page.text)![1]!;
    const fast = await post(valid({ _stamp: rendered }));
    expect(fast.status).toBe(400);
    expect(fast.json.error.key).toBe('plugins.website.form.tooFast');
    expect(fast.json.ok).toBe(false);
    await new Promise((r) => setTimeout(r, MIN_FILL_MS + 100));
    const later = await post(valid({ _stamp: rendered }));
    expect(later.status).toBe(200);
    expect(later.json).toEqual({ ok: true, message: 'Thanks!' });
  });

  it('answers 404 for a form that is not in the published design, another design, an unknown host', async () => {
    const before = await count();
    for (const path of [
      '/_cms/forms/page/page/nope',
      '/_cms/forms/page/blog-post/contact',
      '/_cms/forms/layout/default/contact',
      '/_cms/forms/theme/default/contact',
      '/_cms/forms/block/hero/contact',
    ]) {
      const res = await post(valid(), { path });
      expect(res.status, path).toBe(404);
      expect(res.json.error.key).toBe('plugins.website.form.notFound');
    }
    expect((await post(valid(), { host: 'unknown.test' })).status).toBe(404);
    // A browser gets the neutral not-found page.
    const html = await post(valid(), { path: '/_cms/forms/page/page/nope', accept: HTML_ACCEPT });
    expect(html.status).toBe(404);
    expect(html.text).toContain('<h1>Not found</h1>');
    expect(await count()).toBe(before);
  });

  it('answers 403 to a post from another origin', async () => {
    const before = await count();
    for (const origin of [
      'http://evil.test',
      'null',
      'http://fixture.test.evil.test',
      'http://de.fixture.test',
    ]) {
      const res = await post(valid(), { headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(res.json.error.key).toBe('plugins.website.form.crossOrigin');
    }
    const referer = await site.call('POST', FORM_PATH, {
      headers: {
        referer: 'https://evil.test/page',
        'content-type': 'application/x-www-form-urlencoded',
        accept: JSON_ACCEPT,
      },
      body: new URLSearchParams(valid()).toString(),
    });
    expect(referer.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('answers 415 to a body that is not a form', async () => {
    for (const type of ['application/json', 'text/plain', 'application/xml', '']) {
      const res = await site.call('POST', FORM_PATH, {
        headers: { origin: ORIGIN, accept: JSON_ACCEPT, ...(type ? { 'content-type': type } : {}) },
        body: JSON.stringify(valid()),
      });
      expect(res.status, type).toBe(415);
      expect(res.json.error.key).toBe('plugins.website.form.unsupportedType');
    }
  });

  it('answers 413 past the limit, with a Content-Length and while reading a body without one', async () => {
    const before = await count();
    const big = new URLSearchParams(valid({ message: 'x'.repeat(FORM_MAX_BYTES) })).toString();
    const declared = await post(valid({ message: 'x'.repeat(FORM_MAX_BYTES) }));
    expect(declared.status).toBe(413);
    expect(declared.json.error.key).toBe('plugins.website.form.tooLarge');
    const streamed = await site.call('POST', FORM_PATH, {
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        accept: JSON_ACCEPT,
        'x-forwarded-for': nextAddress(),
      },
      body: big,
      chunked: true,
    });
    expect(streamed.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it('pretends success to a filled honeypot and stores nothing', async () => {
    const before = await count();
    const json = await post(valid({ website_url: 'http://spam.test' }));
    expect(json.status).toBe(200);
    expect(json.json).toEqual({ ok: true, message: 'Thanks!' });
    const plain = await post(valid({ website_url: 'http://spam.test' }), { accept: HTML_ACCEPT });
    expect(plain.status).toBe(303);
    expect(plain.headers.location).toMatch(/^\/about\?form-result=/);
    expect(await count()).toBe(before);
  });

  it('answers 400 to a missing, forged, foreign or stale stamp', async () => {
    const before = await count();
    const forged = stamp().replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    const other = formStamp(AUTH_SECRET, ids.space, 'page/page/other', Date.now() - 5000);
    const wrongKey = formStamp(
      'another-secret-0123456789-0123456789',
      ids.space,
      FORM_REF,
      Date.now() - 5000,
    );
    for (const s of [undefined, '', 'garbage', forged, other, wrongKey]) {
      const fields = valid();
      if (s === undefined) delete (fields as Record<string, string>)._stamp;
      else fields._stamp = s;
      const res = await post(fields);
      expect(res.status, String(s)).toBe(400);
      expect(res.json.error.key).toBe('plugins.website.form.stampInvalid');
    }
    const stale = await post(valid({ _stamp: stamp(2 * 24 * 3600 * 1000) }));
    expect(stale.status).toBe(400);
    expect(stale.json.error.key).toBe('plugins.website.form.stampExpired');
    expect(await count()).toBe(before);
  });

  it('answers 422 with a message per field, in the page locale, and stores nothing', async () => {
    const before = await count();
    const res = await post(
      valid({
        email: 'not-an-address',
        name: 'x'.repeat(21),
        topic: 'z',
        cups: 'many',
        site: 'javascript:alert(1)',
        phone: 'call me',
        agree: '',
      }),
    );
    expect(res.status).toBe(422);
    expect(res.json.ok).toBe(false);
    expect(res.json.message).toBe('Please check the form.');
    expect(res.json.errors).toEqual({
      email: 'Please enter a valid email address.',
      name: 'At most 20 characters.',
      topic: 'Please choose one of the options.',
      cups: 'Please enter a number.',
      site: 'Please enter a web address starting with http:// or https://.',
      phone: 'Please enter a valid phone number.',
      agree: 'This field is required.',
    });
    expect(res.json.error.key).toBe('validation.failed');
    expect(res.json.error.details).toContainEqual({
      key: 'validation.invalid',
      path: 'email',
      params: { message: 'Please enter a valid email address.' },
    });
    const missing = await post({ _stamp: stamp(), _locale: 'de', _page: '/about' });
    expect(missing.status).toBe(422);
    expect(missing.json.message).toBe('Bitte prüfe das Formular.');
    expect(missing.json.errors).toEqual({
      email: 'Bitte fülle dieses Feld aus.',
      name: 'Bitte fülle dieses Feld aus.',
      agree: 'Bitte fülle dieses Feld aus.',
    });
    // Without script, the browser gets a page that lists the problems and links back to the form.
    const page = await post(valid({ email: 'nope' }), { accept: HTML_ACCEPT });
    expect(page.status).toBe(422);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<strong>E-mail</strong>: Please enter a valid email address.');
    expect(page.text).toContain('<a href="/about#f0">Back to the form</a>');
    expect(await count()).toBe(before);
  });

  it('answers 429 with Retry-After to the 11th post in ten minutes from one address, and only to it', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i++) expect((await post(valid(), { ip })).status).toBe(200);
    const over = await post(valid(), { ip });
    expect(over.status).toBe(429);
    expect(over.json.error.key).toBe('rateLimit.exceeded');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect((await post(valid(), { ip: '203.0.113.78' })).status).toBe(200);
  });

  it('stores the submission: values of the form fields only, space, locale, page, host, form, address hash', async () => {
    const ip = '192.0.2.55';
    const res = await post(valid({ _locale: 'de', extra: 'dropped', _page: '/about?x=1' }), { ip });
    expect(res.status).toBe(200);
    const row = (
      await site.db.query<Record<string, unknown>>(
        'select * from website_form_submissions order by created_at desc, id desc limit 1',
      )
    ).rows[0]!;
    expect(row).toMatchObject({
      space_id: ids.space,
      form_key: 'contact',
      node_id: 'contact',
      locale: 'de',
      page: '/about',
      host: 'fixture.test',
      client_hash: clientHash(AUTH_SECRET, ids.space, ip),
    });
    expect(row.values).toEqual({
      email: 'ada@example.org',
      name: 'Ada',
      topic: 'a',
      cups: 12,
      site: 'https://example.org/x',
      phone: '+49 30 1234567',
      message: 'Hello\nthere',
      agree: true,
    });
    expect(JSON.stringify(row)).not.toContain(ip);
    expect(row.client_hash).not.toBe(clientHash(AUTH_SECRET, ids.space, '192.0.2.56'));
  });

  it('accepts multipart/form-data as a browser may send it', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(valid({ name: 'Multi' }))) form.append(k, v);
    const req = new Request('http://x/', { method: 'POST', body: form });
    const res = await site.call('POST', FORM_PATH, {
      headers: {
        origin: ORIGIN,
        accept: JSON_ACCEPT,
        'content-type': req.headers.get('content-type')!,
        'x-forwarded-for': nextAddress(),
      },
      body: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.status).toBe(200);
    const broken = await site.call('POST', FORM_PATH, {
      headers: { origin: ORIGIN, accept: JSON_ACCEPT, 'content-type': 'multipart/form-data; boundary=zzz' },
      body: 'not multipart',
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error.key).toBe('request.malformed');
  });

  it('without script: 303 back to the page with a signed result, which shows the message uncached', async () => {
    const res = await post(valid(), { accept: HTML_ACCEPT });
    expect(res.status).toBe(303);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/about\?form-result=contact\.\d{13}\.ok\.[A-Za-z0-9_-]{43}#f0$/);
    const page = await site.call('GET', location.replace(/#.*$/, ''));
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toMatch(
      /<div class="[^"]*" role="status" aria-live="polite" data-form-message="">Thanks!<\/div>/,
    );
    // A forged result is an ordinary (cacheable) page without the message.
    // (Its last signature character changed to another one: a fixed replacement equals it 1 time in 64.)
    const signed = location.replace(/#.*$/, '');
    const forged = await site.call('GET', signed.slice(0, -1) + (signed.endsWith('0') ? '1' : '0'));
    expect(forged.status).toBe(200);
    expect(forged.headers['cache-control']).toMatch(/^public/);
    expect(forged.text).not.toContain('Thanks!');
    // The ordinary page never carries it either.
    expect((await site.call('GET', '/about')).text).not.toContain('Thanks!');
  });

  it('renders a signed error result as an alert with the form error message', async () => {
    const value = signFormResult(AUTH_SECRET, ids.space, 'contact', Date.now(), false);
    const page = await site.call('GET', `/about?form-result=${value}`);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toMatch(
      /<div class="[^"]*" role="alert" aria-live="assertive" data-form-message="">Please check the form.<\/div>/,
    );
    // Another space's result shows nothing.
    const foreign = signFormResult(AUTH_SECRET, '00000000-0000-4000-8000-00000000ffff', 'contact');
    expect((await site.call('GET', `/about?form-result=${foreign}`)).text).not.toContain('role="alert"');
  });
});
