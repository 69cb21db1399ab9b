import { Hono } from 'hono';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIslands, islandRoutes } from '../build/islands.ts';
import { type DesignRecord, defaultTheme, type MenuDesign } from '../core/designs/index.ts';
import { menuClass, SR_ONLY_CLASS } from '../styles/class-names.ts';
import { compileSiteCss } from '../styles/compile.ts';
import { html, launchChromium, serveTestSite, watchedPage } from './browser-harness.ts';
import { menuHasSubmenuToggles, menuIsIsland } from './contract.ts';

// Two menus on one page, in the markup of contract.ts: a dropdown that collapses behind a burger at
// tablet width, and a list that becomes a side panel.
const MAIN: MenuDesign = {
  variant: 'dropdown',
  depth: 2,
  mobile: { behaviour: 'burger', collapseAt: 'tablet' },
};
const SIDE: MenuDesign = { variant: 'list', depth: 1, mobile: { behaviour: 'panel', collapseAt: 'tablet' } };

interface Item {
  id: string;
  label: string;
  href: string;
  current?: boolean;
  children?: Item[];
}

function menuMarkup(key: string, id: string, design: MenuDesign, items: Item[]): string {
  const c = (part: Parameters<typeof menuClass>[1]) => menuClass(key, part);
  const entry = (item: Item, top: boolean): string => {
    const link = `<a href="${item.href}"${item.current ? ` class="${c('current')}" aria-current="page"` : ''}>${item.label}</a>`;
    if (!item.children) return `<li class="${c('item')}">${link}</li>`;
    const sub = `${id}-sub-${item.id}`;
    const toggle =
      top && menuHasSubmenuToggles(design.variant)
        ? `<button type="button" class="${c('toggle')}" data-menu-toggle="submenu" aria-expanded="false" aria-controls="${sub}" aria-label="${item.label} submenu"></button>`
        : '';
    return `<li class="${c('item')}">${link}${toggle}<ul id="${sub}" class="${c('level')}">${item.children.map((i) => entry(i, false)).join('')}</ul></li>`;
  };
  const behaviour = design.mobile?.behaviour ?? 'keep';
  const island = menuIsIsland(design)
    ? ` data-island="menu" data-menu-variant="${design.variant}" data-menu-mobile="${behaviour}"`
    : '';
  const button =
    behaviour === 'keep'
      ? ''
      : `<button type="button" class="${c('mobileButton')}" data-menu-toggle="panel" aria-expanded="false" aria-controls="${id}-panel"><span class="${SR_ONLY_CLASS}">Menu ${id}</span></button>`;
  const close =
    behaviour === 'panel' ? `<button type="button" class="${c('close')}" data-menu-close>Close</button>` : '';
  return `<nav class="${c('root')}" aria-label="${id}"${island}>${button}<div id="${id}-panel" class="${c('panel')}">${close}<ul class="${c('menu')}">${items.map((i) => entry(i, true)).join('')}</ul></div></nav>`;
}

const MAIN_ITEMS: Item[] = [
  { id: 'home', label: 'Home', href: '/home' },
  {
    id: 'coffee',
    label: 'Coffee',
    href: '/coffee',
    children: [
      { id: 'espresso', label: 'Espresso', href: '/coffee/espresso' },
      { id: 'filter', label: 'Filter', href: '/coffee/filter' },
      { id: 'decaf', label: 'Decaf', href: '/coffee/decaf' },
    ],
  },
  { id: 'about', label: 'About', href: '/about', current: true },
];
const SIDE_ITEMS: Item[] = [
  { id: 'shop', label: 'Shop', href: '/shop' },
  { id: 'journal', label: 'Journal', href: '/journal' },
];

let browser: Browser;
let server: Awaited<ReturnType<typeof serveTestSite>>;

beforeAll(async () => {
  const designs = [
    { kind: 'menu', key: 'main', published: MAIN },
    { kind: 'menu', key: 'side', published: SIDE },
  ] as DesignRecord[];
  const site = compileSiteCss({ theme: defaultTheme, designs, assetUrl: () => '', fontFaces: '' });
  const islands = await buildIslands();
  const app = new Hono();
  app.route('/', islandRoutes(islands));
  app.get('/site.css', (c) => c.body(site.css, 200, { 'Content-Type': 'text/css' }));
  const head = `<link rel="stylesheet" href="/site.css"><script type="module" src="${islands.get('menu')!.url}"></script>`;
  const body =
    `<header>${menuMarkup('main', 'main', MAIN, MAIN_ITEMS)}${menuMarkup('side', 'side', SIDE, SIDE_ITEMS)}</header>` +
    '<main><h1>Menus</h1><p>Body text.</p><a href="/elsewhere">Elsewhere</a></main>';
  app.get('/', (c) => c.html(html(body, head)));
  app.get('*', (c) => c.html(html(`<h1>Page ${c.req.path}</h1>`)));
  [browser, server] = await Promise.all([launchChromium(), serveTestSite(app)]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(options: {
  width: number;
  javaScript?: boolean;
}): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  const { page, problems } = await watchedPage(browser, {
    viewport: { width: options.width, height: 800 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  await page.goto(`${server.origin}/`);
  if (options.javaScript !== false) await page.locator('nav[aria-label="main"][data-menu-ready]').waitFor();
  return { page, errors: problems, context: page.context() };
}

const toggle = (page: Page) => page.getByRole('button', { name: 'Coffee submenu' });
const submenu = (page: Page) => page.locator('#main-sub-coffee');

describe('menu island, desktop', () => {
  it('opens and closes a submenu by mouse, keeping aria-expanded in step', async () => {
    const { page, errors, context } = await open({ width: 1280 });
    await expect.poll(() => submenu(page).isVisible()).toBe(false);
    await toggle(page).click();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await submenu(page).isVisible()).toBe(true);
    await toggle(page).click();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await submenu(page).isVisible()).toBe(false);
    await toggle(page).click();
    await page.getByRole('heading', { name: 'Menus' }).click();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await submenu(page).isVisible()).toBe(false);
    await toggle(page).click();
    await page.getByRole('link', { name: 'Filter' }).click();
    await page.waitForURL(`${server.origin}/coffee/filter`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works by keyboard: Enter and Space toggle, arrows move, Escape closes and returns focus', async () => {
    const { page, errors, context } = await open({ width: 1280 });
    await page.getByRole('link', { name: 'Coffee', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Coffee submenu',
    );
    await page.keyboard.press('Enter');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await focused()).toBe('Espresso');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Filter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Decaf');
    await page.keyboard.press('Escape');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await submenu(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Coffee submenu',
    );
    // Tabbing out of an open submenu closes it.
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Decaf' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Shop');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the collapse buttons on wide screens', async () => {
    const { page, context } = await open({ width: 1280 });
    expect(await page.getByRole('button', { name: 'Menu main' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('menu island, collapsed', () => {
  it('opens the burger panel, moves focus into it, and Escape closes it back to the button', async () => {
    const { page, errors, context } = await open({ width: 390 });
    const burger = page.getByRole('button', { name: 'Menu main' });
    expect(await burger.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Home' }).isVisible()).toBe(false);
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    // Collapsed, sub-entries are listed in place: no submenu buttons.
    expect(await page.getByRole('link', { name: 'Espresso' }).isVisible()).toBe(true);
    expect(await toggle(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await page.keyboard.press('Escape');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Home' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu main');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps focus inside an open side panel until it closes', async () => {
    const { page, errors, context } = await open({ width: 390 });
    const button = page.getByRole('button', { name: 'Menu side' });
    await button.click();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await focused()).toBe('Close');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Shop');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Journal');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Menu side');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Close');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Menu side');
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Shop' }).isVisible()).toBe(false);
    expect(await focused()).toBe('Menu side');
    // Two menus on one page: opening one leaves the other alone.
    await page.getByRole('button', { name: 'Menu main' }).click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('menus without JavaScript', () => {
  it('shows submenus on hover and focus, and every link navigates', async () => {
    const { page, context } = await open({ width: 1280, javaScript: false });
    expect(await page.locator('nav[data-menu-ready]').count()).toBe(0);
    expect(await toggle(page).isVisible()).toBe(false);
    expect(await submenu(page).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Coffee', exact: true }).hover();
    expect(await submenu(page).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Decaf' }).click();
    await page.waitForURL(`${server.origin}/coffee/decaf`);
    await page.goto(`${server.origin}/`);
    await page.getByRole('link', { name: 'Coffee', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Espresso');
    await context.close();
  });

  it('lists a collapsed menu as plain links, without its button', async () => {
    const { page, context } = await open({ width: 390, javaScript: false });
    expect(await page.getByRole('button', { name: 'Menu main' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Journal' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Espresso' }).click();
    await page.waitForURL(`${server.origin}/coffee/espresso`);
    await context.close();
  });
});
