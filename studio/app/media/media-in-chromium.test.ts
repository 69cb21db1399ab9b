import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoColourImage } from '../../../core/media/test-images.ts';
import { ids } from '../../../core/testing/fixture-space.ts';
import { axeViolations } from '../../../e2e/support/audits.ts';
import { until, type ViewStand, viewStand } from '../testing/view-stand.ts';

// The media library in real Chromium against the real procedures, upload route and /media: uploads with
// their refusals in words, alt text, the focal point by mouse and keyboard, what uses an asset, a delete
// refused while used, search, axe and the 1280×800 layout. The screenshot is docs/studio/media.png.

let stand: ViewStand;
beforeAll(async () => {
  stand = await viewStand('media');
}, 120_000);
afterAll(() => stand?.close());

const assetRow = async (filename: string) =>
  (
    await stand.h.db.query<{ id: string; alt: string; focal_point: { x: number; y: number } | null }>(
      'select id::text as id, alt, focal_point from assets where filename = $1',
      [filename],
    )
  ).rows[0];

describe('the media library in Chromium', () => {
  it('uploads, refuses in words, sets alt text and focal point, shows uses, refuses a used delete', async () => {
    const { page, problems } = await stand.open();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await until(page, () => document.querySelectorAll('.media-grid li').length === 2);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // Refused before sending (its type), and by the server (its size), each said in words.
    await page.setInputFiles('#media-file', [
      {
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
      { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1_100_000, 1) },
    ]);
    const alerts = page.locator('.uploads [role="alert"]');
    await until(page, () => document.querySelectorAll('.uploads [role="alert"]').length === 2);
    expect(await alerts.allTextContents()).toEqual([
      '“logo.svg” is a file of type image/svg+xml; the library takes JPEG, PNG, WebP, AVIF or GIF images, MP4 or WebM videos, MP3, Ogg or WAV audio, PDF and WOFF2 fonts.',
      '“huge.png” is 1.0 MB; the largest file accepted is 977 KB.',
    ]);
    await page.click('.uploads button:text("Dismiss")');
    await page.click('.uploads button:text("Dismiss")');

    // An image that uploads: it appears, chosen, in the grid.
    const png = await twoColourImage({ width: 800, height: 400, format: 'png' });
    await page.setInputFiles('#media-file', { name: 'harbour.png', mimeType: 'image/png', buffer: png });
    await page.locator('#asset-title', { hasText: 'harbour.png' }).waitFor();
    expect(await page.locator('.media-grid li').count()).toBe(3);
    await until(page, () =>
      document.querySelector('.uses')?.textContent?.includes('Nothing uses this file.'),
    );

    // Alt text.
    await page.fill('#asset-alt', 'Boats in the harbour at dawn');
    await page.click('button:text("Save alt text")');
    await page.locator('[role="status"]', { hasText: 'Alt text saved.' }).waitFor();
    expect((await assetRow('harbour.png'))?.alt).toBe('Boats in the harbour at dawn');

    // The focal point: a click a quarter across and three quarters down, then one step right by keyboard.
    const img = page.locator('.focal-picker img');
    const box = (await img.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await page.locator('[role="status"]', { hasText: 'Focal point set' }).waitFor();
    const clicked = (await assetRow('harbour.png'))!.focal_point!;
    expect(clicked.x).toBeCloseTo(0.25, 1);
    expect(clicked.y).toBeCloseTo(0.75, 1);
    await page.focus('.focal-picker');
    await page.keyboard.press('ArrowRight');
    await until(page, () =>
      document.querySelector('[role="status"]')?.textContent?.includes('30 % from the left'),
    );
    expect((await assetRow('harbour.png'))!.focal_point!.x).toBeCloseTo(clicked.x + 0.05, 3);
    expect(await page.locator('.focal-mark').count()).toBe(1);

    // Search by alt text.
    await page.fill('#media-search', 'harbour at dawn');
    await until(page, () => document.querySelectorAll('.media-grid li').length === 1);
    await page.fill('#media-search', '');
    await until(page, () => document.querySelectorAll('.media-grid li').length === 3);

    // The fixture's image: who uses it, and a delete refused with why.
    await page.click('.media-grid button:has-text("dot.png")');
    await until(page, () => document.querySelector('.uses')?.textContent?.includes('avatar of Ada'));
    expect(await page.locator('.uses li').allTextContents()).toEqual([
      'Home published',
      'About us published',
      'avatar of Ada',
    ]);
    expect(await page.locator('#delete-blocked').textContent()).toMatch(
      /^Used by “Home”, “About us”, the avatar of Ada/,
    );
    await page.click('button:text("Delete file")');
    await page.locator('.asset-detail [role="alert"]', { hasText: 'The asset is used by' }).waitFor();
    expect((await stand.h.db.query('select 1 from assets where id = $1', [ids.image])).rows).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'docs/studio/media.png' });

    // The unused upload deletes.
    await page.click('.media-grid button:has-text("harbour.png")');
    await page.click('button:text("Delete file")');
    await until(page, () => document.querySelectorAll('.media-grid li').length === 2);
    expect(await assetRow('harbour.png')).toBeUndefined();
    // The refusals (413, 409) are answers the view shows; nothing else failed, and every image loaded.
    expect(failed.filter((f) => f !== '404 /favicon.ico')).toEqual([
      '413 /upload/fixture',
      '409 /rpc/assets.delete',
    ]);
    expect(problems.filter((p) => !p.startsWith('console: Failed to load resource'))).toEqual([]);
    expect(
      await page.evaluate(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)),
    ).toBe(true);
    await page.context().close();
  });

  it('works by keyboard alone: the file picker, the grid and the alt text', async () => {
    const { page } = await stand.open();
    await until(page, () => document.querySelectorAll('.media-grid li').length >= 2);
    const chooser = page.waitForEvent('filechooser');
    await page.focus('button:text("Choose files…")');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({
      name: 'keyboard.png',
      mimeType: 'image/png',
      buffer: await twoColourImage({ width: 200, height: 200, format: 'png' }),
    });
    await page.locator('#asset-title', { hasText: 'keyboard.png' }).waitFor();
    await page.focus('.media-grid button:has-text("orphan.png")');
    await page.keyboard.press('Enter');
    await page.locator('#asset-title', { hasText: 'orphan.png' }).waitFor();
    await page.focus('#asset-alt');
    await page.keyboard.type('A single dot');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('[role="status"]', { hasText: 'Alt text saved.' }).waitFor();
    expect((await assetRow('orphan.png'))?.alt).toBe('A single dot');
    await page.context().close();
  });
});
