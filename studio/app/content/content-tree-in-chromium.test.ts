import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../../core/testing/fixture-space.ts';
import { axeViolations } from '../../../e2e/support/audits.ts';
import { until, type ViewStand, viewStand } from '../testing/view-stand.ts';

// The content view's document tree in real Chromium against the real procedures (the fixture space): a
// document dragged with the mouse into another, one dragged before another, and one moved with Alt+arrows;
// each checked in the tree's order and in what `content.get` then stores (parent and position).

let stand: ViewStand;
let key = '';
beforeAll(async () => {
  stand = await viewStand('content');
  key = await stand.h.key({ role: 'owner' });
}, 120_000);
afterAll(() => stand?.close());

const stored = async (id: string) => {
  const res = await stand.h.call('content.get', { space: 'fixture', id }, key);
  const doc = (await res.json()) as { parentId: string | null };
  const siblings = await stand.h.db.query<{ id: string }>(
    'select id from documents where parent_id is not distinct from $1 order by position, created_at, id',
    [doc.parentId],
  );
  return { parentId: doc.parentId, index: siblings.rows.findIndex((r) => r.id === id) };
};

/** The tree as the editor sees it: each row's title, indented by depth. */
const treeText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.doc-tree li')].map((li) => {
      const depth = Number(/depth-(\d)/.exec(li.className)?.[1] ?? 0);
      const title = li.querySelector('.doc-row')!.childNodes;
      const text = [...title]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('');
      return `${'  '.repeat(depth)}${text.trim()}`;
    }),
  );

/** A row by its title (the row reads "<state>: <title> <type>"). */
const row = (page: Page, title: string) =>
  page.locator('.doc-row', { hasText: new RegExp(`^[^:]+: ${title.replace(/[()]/g, '\\$&')} `) });

/** A real mouse drag of a row's handle (press, move in steps, release) onto the middle or top of another row. */
async function drag(page: Page, from: string, to: string, where: 'top' | 'middle' = 'middle') {
  const handle = page.locator('.doc-tree li', { has: row(page, from) }).locator('.drag-handle');
  const a = (await handle.boundingBox())!;
  const b = (await row(page, to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 });
  const y = where === 'top' ? b.y + 3 : b.y + b.height / 2;
  await page.mouse.move(b.x + b.width / 2, y, { steps: 8 });
  await page.mouse.up();
}

/** Waits until the tree reads `rows` (from row `from` on), or says how it differs at the end of the wait. */
async function treeIs(page: Page, rows: string[], from = 0) {
  for (const limit = Date.now() + 8000; Date.now() < limit; await new Promise((r) => setTimeout(r, 50)))
    if (JSON.stringify((await treeText(page)).slice(from, from + rows.length)) === JSON.stringify(rows))
      return;
  expect((await treeText(page)).slice(from, from + rows.length)).toEqual(rows);
}

describe('the content tree in Chromium', () => {
  it('moves documents by mouse drag and by Alt+arrows, and content.move stores each move', async () => {
    const { page, problems } = await stand.open();
    page.setDefaultTimeout(8000);
    await until(page, () => document.querySelectorAll('.doc-row').length === 7);
    expect(await treeText(page)).toEqual([
      'Home',
      'About us (draft)',
      '  Team',
      'News',
      '  Hello world',
      '  English only',
      'Unpublished',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // Onto the middle of a row: into it, last.
    await drag(page, 'Unpublished', 'News');
    await treeIs(page, ['News', '  Hello world', '  English only', '  Unpublished'], 3);
    expect(await stored(ids.hidden)).toEqual({ parentId: ids.news, index: 2 });

    // Onto the top edge of a row: before it, among its siblings.
    await drag(page, 'Team', 'News', 'top');
    await treeIs(page, ['About us (draft)', 'Team', 'News', '  Hello world'], 1);
    expect(await stored(ids.team)).toEqual({ parentId: null, index: 2 });

    // By keyboard: Alt+↑ among siblings, Alt+→ into the sibling above, Alt+← back out.
    await row(page, 'English only').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await treeIs(page, ['News', '  English only', '  Hello world', '  Unpublished'], 3);
    expect(await stored(ids.englishOnly)).toEqual({ parentId: ids.news, index: 0 });
    await row(page, 'Team').focus();
    await page.keyboard.press('Alt+ArrowRight');
    await treeIs(page, ['Home', 'About us (draft)', '  Team']);
    expect(await stored(ids.team)).toEqual({ parentId: ids.about, index: 0 });
    // Focus stays on the moved row, so the next move is one more key press.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Team');
    await page.keyboard.press('Alt+ArrowLeft');
    await treeIs(page, ['Home', 'About us (draft)', 'Team', 'News']);
    expect(await stored(ids.team)).toEqual({ parentId: null, index: 2 });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
