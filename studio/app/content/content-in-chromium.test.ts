import type { Hono } from 'hono';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../../core/testing/fixture-space.ts';
import { axeViolations } from '../../../e2e/support/audits.ts';
import { standSite } from '../testing/stand-site.ts';
import { until, type ViewStand, viewStand } from '../testing/view-stand.ts';

// The content view's form in real Chromium against the real procedures (the fixture space), and the real
// website process on the same database and cache: a save that meets another editor's (409) shows both
// versions field by field and keeps the editor's on request; a rich-text link to a document picked by
// searching, stored as `contentId` and drawn by the site as the document's address in each language. Axe,
// 1280×800. The screenshots are docs/studio/conflict.png and docs/studio/link-picker.png.

let stand: ViewStand;
let site: Hono;
let key = '';
beforeAll(async () => {
  stand = await viewStand('content');
  key = await stand.h.key({ role: 'owner' });
  site = standSite(stand.h);
}, 120_000);
afterAll(() => stand?.close());

const call = async <T>(name: string, body: Record<string, unknown>) => {
  const res = await stand.h.call(name, { space: 'fixture', ...body }, key);
  if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
type Got = {
  revision: number;
  locales: Record<string, { draft: { fields: Record<string, unknown> } | null }>;
};

async function openDoc(page: Page, id: string) {
  await until(page, () => document.querySelectorAll('.doc-row').length > 3);
  await page.click(`#doc-${id}`);
  await page.locator('#doc-title').waitFor();
}

const saved = (page: Page) =>
  until(page, () => document.querySelector('#save-state')?.getAttribute('data-state') === 'saved');

describe('the content form in Chromium', () => {
  it('shows both versions field by field after a 409, marks what differs, and keeps mine', async () => {
    const { page, problems } = await stand.open();
    page.setDefaultTimeout(8000);
    await openDoc(page, ids.about);
    // Another editor saves the draft meanwhile: a new summary and a body.
    const before = await call<Got>('content.get', { id: ids.about });
    await call('content.update', {
      id: ids.about,
      locale: 'en',
      revision: before.revision,
      title: 'About us (draft)',
      fields: {
        summary: 'Saved by the other editor',
        body: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Their heading' }] },
            { type: 'paragraph', content: [{ type: 'text', text: 'Their paragraph.' }] },
          ],
        },
      },
    });
    await page.fill('#f-summary', 'Written here');
    await page.locator('#conflict').waitFor();
    const rows = await page.$$eval('#conflict tbody tr', (trs) =>
      trs.map((tr) => [
        tr.querySelector('th')!.textContent,
        ...[...tr.querySelectorAll('td')].map((td) => td.textContent),
        tr.classList.contains('differs'),
      ]),
    );
    expect(rows).toContainEqual(['Title', 'About us (draft)', 'About us (draft)', false]);
    expect(rows).toContainEqual(['Summary (differs)', 'Written here', 'Saved by the other editor', true]);
    expect(rows).toContainEqual(['Body (differs)', 'empty', 'Their heading\nTheir paragraph.', true]);
    expect(rows.filter((r) => r.at(-1)).length).toBe(2);
    expect(await page.locator('#conflict-sum').textContent()).toContain('2 fields differ');
    expect(await page.locator('#conflict').textContent()).not.toContain('{');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.locator('#conflict').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'docs/studio/conflict.png' });

    // The alert dialog has the focus; Tab reaches its first button.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conflict');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('keep-mine');
    await page.keyboard.press('Enter');
    await saved(page);
    expect(await page.locator('#conflict').count()).toBe(0);
    const after = await call<Got>('content.get', { id: ids.about });
    expect(after.locales.en!.draft!.fields.summary).toBe('Written here');
    expect(after.locales.en!.draft!.fields.body).toBeUndefined();
    // The 409 is an answer the view shows; nothing else failed.
    expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('links rich text to a document picked by search and keyboard; the site draws its address per language', async () => {
    const { page, problems } = await stand.open();
    page.setDefaultTimeout(8000);
    await openDoc(page, ids.news);
    await page.click('#f-body');
    await page.keyboard.type('Meet the team');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.click('[aria-label="Body: formatting"] button:text-is("Link")');
    await page.check('#f-body-to-doc');
    await page.fill('#f-body-doc-search', 'tea');
    await until(page, () => document.querySelectorAll('#f-body-doc option').length === 1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: 'docs/studio/link-picker.png' });
    // By keyboard: ↓ from the search to the list, Enter picks.
    await page.focus('#f-body-doc-search');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-body-doc');
    await page.keyboard.press('Enter');
    await page.locator('#f-body a[data-content-id]').waitFor();
    await saved(page);

    // Stored as the space format stores a link to a document (content.update ran the validator on it).
    const got = await call<Got>('content.get', { id: ids.news });
    const body = got.locales.en!.draft!.fields.body;
    expect(body).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Meet the ' },
            { type: 'text', text: 'team', marks: [{ type: 'link', attrs: { contentId: ids.team } }] },
          ],
        },
      ],
    });
    // The German version gets the same body; both go live, and each links to Team in its own language.
    const de = await call<Got>('content.update', {
      id: ids.news,
      locale: 'de',
      revision: got.revision,
      fields: { body },
    });
    expect(de.revision).toBe(got.revision + 1);
    await call('content.publish', { id: ids.news, locale: 'en' });
    await call('content.publish', { id: ids.news, locale: 'de' });
    const en = await (await site.request('http://fixture.test/news')).text();
    expect(en).toContain('<a href="/about/team">team</a>');
    const german = await (await site.request('http://de.fixture.test/neuigkeiten')).text();
    expect(german).toContain('<a href="/ueber-uns/team">team</a>');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
