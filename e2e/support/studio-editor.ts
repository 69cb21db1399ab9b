import type { Browser, Frame, Page } from 'playwright-core';
import { runVerso } from '../../core/testing/processes.ts';
import { watchedPage } from './browser.ts';
import { type StudioStack, until } from './studio-stack.ts';

/** What an editor does in the studio's content view, shared by the studio journeys. */

export const canvasOf = (page: Page, site: string): Frame | undefined =>
  page.frames().find((f) => f.url().startsWith(`${site}/_cms/canvas`));

/** An owner of the demo space signed in with the printed link, at 1280×800, on the shell's first view. */
export async function signedInShell(
  browser: Browser,
  env: StudioStack,
  permissions = 'space:read,space:write',
) {
  const watched = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const printed = await runVerso(
    [
      'keys',
      'create',
      '--space',
      'demo',
      '--permissions',
      permissions,
      '--role',
      'owner',
      '--sign-in-link',
      env.studio,
    ],
    env.stack.env,
  );
  await watched.page.goto(printed.stdout.trim().split('\n')[1]!);
  await watched.page.waitForURL(`${env.studio}/studio`);
  return watched;
}

/** The content view, its document list loaded. */
export async function toContent(page: Page) {
  await page.click('#tab-content');
  await page.locator('#doc-search').waitFor();
  await until(page, () => document.querySelectorAll('.doc-row').length > 3);
}

export const saved = (page: Page) =>
  until(page, () => document.querySelector('#save-state')?.getAttribute('data-state') === 'saved');

const titled = (page: Page, title: string) =>
  until(page, (t) => (document.querySelector('#doc-title') as HTMLInputElement | null)?.value === t, title);

export async function openDoc(page: Page, title: string) {
  await page.fill('#doc-search', title);
  await page.locator('.doc-row', { hasText: title }).first().click();
  await titled(page, title);
}

export async function createPost(page: Page, type: string, title: string) {
  await page.click('.new-doc summary');
  await page.selectOption('#new-doc-type', type);
  await page.fill('#new-doc-title', title);
  await page.click('#create-doc');
  await titled(page, title);
}

/**
 * Adds a project's code component to the selected node from the design view's node menu, once the menu
 * lists it by its label (the catalog loads after the view).
 */
export async function addComponent(page: Page, name: string, label: string) {
  await until(
    page,
    (l) =>
      [...document.querySelectorAll('#add-kind optgroup[label="components"] option')].some(
        (o) => o.textContent === l,
      ),
    label,
  );
  await page.selectOption('#add-kind', `component:${name}`);
  await page.click('#add-node');
}

/** The rich-text body typed in Tiptap: a heading, two paragraphs, the last word of the second a link to `href`. */
export async function writeBody(page: Page, heading: string, href: string) {
  await page.locator('#f-body').click();
  await page.click('button:text-is("H2")');
  await page.keyboard.type(heading);
  await page.keyboard.press('Enter');
  await page.keyboard.type('The first paragraph, typed by the editor.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second paragraph with a link');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.click('button:text-is("Link")');
  await page.fill('[name="href"]', href);
  await page.click('button:text-is("Apply link")');
}
