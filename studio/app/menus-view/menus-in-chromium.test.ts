import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublicApi, publicApi } from '../../../delivery/public-api/public-api.ts';
import { createReader } from '../../../delivery/reader/index.ts';
import { axeViolations } from '../../../e2e/support/audits.ts';
import { until, type ViewStand, viewStand } from '../testing/view-stand.ts';

// The menus view in real Chromium against the real procedures: an item added, labelled in both locales,
// linked, nested by keyboard and moved by dragging, saved, and read back through the public API (`/v1/menus`,
// on the same cache the save purges); a redirect refused with its reason, then one added. Axe, 1280×800.
// The screenshot is docs/studio/menus.png.

let stand: ViewStand;
let api: PublicApi;
beforeAll(async () => {
  stand = await viewStand('menus');
  const mediaSecret = () => 'm'.repeat(32);
  api = publicApi({
    db: stand.h.db,
    log: stand.h.captured.log,
    cache: stand.h.cache,
    config: { CACHE_TTL: 60, SCOPES: [], PUBLIC_SPACE: 'fixture' },
    mediaSecret,
    blockDesigns: true,
    reader: createReader({ db: stand.h.db, mediaSecret, blockDesigns: true }),
  });
  await api.ready;
}, 120_000);
afterAll(() => stand?.close());

interface V1Item {
  label: string;
  url: string | null;
  children: V1Item[];
}
const v1Menu = async (locale = 'en') => {
  const res = await api.app.request(`http://api.test/v1/menus/main?locale=${locale}`);
  const body = (await res.json()) as { items: V1Item[] };
  const labels = (items: V1Item[]): unknown =>
    items.map((i) => (i.children.length ? [i.label, labels(i.children)] : i.label));
  return { body, labels: labels(body.items) };
};

describe('the menus view in Chromium', () => {
  it('adds, nests by keyboard, drags and saves an item that /v1/menus then serves', async () => {
    const { page, problems } = await stand.open();
    page.setDefaultTimeout(8000);
    await until(page, () => document.querySelectorAll('.menu-item-row').length === 4);
    // Read before the edit: the public answer is cached, and the save must purge it.
    expect((await v1Menu()).labels).toEqual([['About', ['Team']], 'Only English', 'GitHub']);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    await page.click('button:text("Add item")');
    const row = page.locator('.menu-item-row').last();
    await row.getByLabel('Label (en)', { exact: true }).fill('Contact');
    await row.getByLabel('Label (de)', { exact: true }).fill('Kontakt');
    await row.getByLabel('Links to', { exact: true }).selectOption('url');
    await row.getByLabel('Address', { exact: true }).fill('javascript:alert(1)');
    await page.click('button:text("Save menu")');
    await page.locator('[role="alert"]', { hasText: 'is no address a menu may link to' }).waitFor();
    await row.getByLabel('Address', { exact: true }).fill('/contact');

    // Nested under "GitHub" (the item above) from the keyboard.
    await page.focus('button[aria-label="Nest “Contact” under the item above"]');
    await page.keyboard.press('Enter');
    await page.focus('button:text("Save menu")');
    await page.keyboard.press('Enter');
    await page.locator('[role="status"]', { hasText: 'Menu saved.' }).waitFor();
    expect((await v1Menu()).labels).toEqual([['About', ['Team']], 'Only English', ['GitHub', ['Contact']]]);
    expect((await v1Menu('de')).body.items.at(-1)?.children[0]).toMatchObject({
      label: 'Kontakt',
      url: '/contact',
    });

    // Dragged by its handle onto the middle of "Only English": nested there.
    const handle = page.locator('.menu-item-row:has(input[value="Contact"]) .drag-handle');
    const target = page.locator('.menu-item-row:has(input[value="Only English"])').first();
    await handle.dragTo(target);
    await page.click('button:text("Save menu")');
    await page.locator('[role="status"]', { hasText: 'Menu saved.' }).waitFor();
    expect((await v1Menu()).labels).toEqual([['About', ['Team']], ['Only English', ['Contact']], 'GitHub']);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('refuses a bad redirect with its reason at the field, then adds a good one', async () => {
    const { page } = await stand.open();
    await until(page, () => document.querySelectorAll('.redirects tbody tr').length === 2);
    await page.fill('#redirect-from', 'old contact page');
    await page.fill('#redirect-to', '/contact');
    await page.click('button:text("Add redirect")');
    await page.locator('#redirect-problem', { hasText: 'must be a path starting with /' }).waitFor();
    expect(await page.getAttribute('#redirect-from', 'aria-invalid')).toBe('true');
    // The server's own check: /old-about already redirects in English (the fixture's).
    await page.fill('#redirect-from', '/old-about');
    await page.click('button:text("Add redirect")');
    await page.locator('#redirect-problem', { hasText: 'already redirects' }).waitFor();

    await page.fill('#redirect-from', '/old-contact');
    await page.selectOption('#redirect-status', '302');
    await page.click('button:text("Add redirect")');
    await page.locator('[role="status"]', { hasText: 'Redirect from /old-contact added.' }).waitFor();
    expect(await page.locator('#redirect-problem').count()).toBe(0);
    const stored = await stand.h.db.query(
      "select locale, to_path, status from redirects where from_path = '/old-contact'",
    );
    expect(stored.rows).toEqual([{ locale: 'en', to_path: '/contact', status: 302 }]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'docs/studio/menus.png' });
    await page.context().close();
  });
});
