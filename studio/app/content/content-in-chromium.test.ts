import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../../core/testing/fixture-space.ts';
import { axeViolations } from '../../../e2e/support/audits.ts';
import { until, type ViewStand, viewStand } from '../testing/view-stand.ts';

// The content view's form in real Chromium against the real procedures (the fixture space): a save that
// meets another editor's (409) shows both versions field by field and keeps the editor's on request. Axe,
// 1280×800. The screenshot is docs/studio/conflict.png.

let stand: ViewStand;
let key = '';
beforeAll(async () => {
  stand = await viewStand('content');
  key = await stand.h.key({ role: 'owner' });
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

    await page.focus('#keep-mine');
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
});
