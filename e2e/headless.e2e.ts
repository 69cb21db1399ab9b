import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchedPage } from './support/browser.ts';
import { hostUrl, type Stack, servicesConfigured, startStack } from './support/stack.ts';

// A headless consumer reads the public API (REST `/v1` and GraphQL) of a `verso serve` public process;
// what it gets agrees with what the website process shows a visitor: titles, body text and the menu.

let stack: Stack | undefined;
let browser: Browser;
let api: string;
let site: string;

beforeAll(async () => {
  stack = await startStack({ public: 1, website: 1 });
  if (!stack) return;
  api = stack.urls.public[0]!;
  site = stack.urls.website[0]!;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface RichText {
  type: string;
  text?: string;
  content?: RichText[];
}

interface Doc {
  id: string;
  title: string;
  permalink: string;
  fields: Record<string, unknown>;
}

interface MenuItem {
  label: string;
  children?: MenuItem[];
}

async function rest<T>(path: string): Promise<T> {
  const response = await fetch(`${api}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${api}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** The text of each paragraph and heading of a rich-text document, as a reader sees it. */
function blocksOf(doc: RichText): string[] {
  const text = (n: RichText): string => n.text ?? (n.content ?? []).map(text).join('');
  const out: string[] = [];
  const walk = (n: RichText) => {
    if (n.type === 'paragraph' || n.type === 'heading') out.push(text(n));
    else for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return out.filter((t) => t.trim() !== '');
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The page as a visitor's browser shows it: its h1, the text of `main`, and the header menu's tree. */
async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  return {
    h1: squash(await page.locator('main h1').first().innerText()),
    // textContent, not innerText: a design's text-transform must not change what is compared.
    main: squash((await page.locator('main').textContent()) ?? ''),
    menu: await page
      .locator('header [data-island="menu"] ul')
      .first()
      .evaluate((ul) => {
        const tree = (list: Element): MenuItem[] =>
          [...list.children].map((li) => {
            const sub = li.querySelector(':scope > ul');
            const label = li.querySelector(':scope > a')?.textContent?.trim() ?? '';
            return sub ? { label, children: tree(sub) } : { label };
          });
        return tree(ul);
      }),
  };
}

const labels = (items: MenuItem[]): MenuItem[] =>
  items.map((i) =>
    i.children?.length ? { label: i.label, children: labels(i.children) } : { label: i.label },
  );

describe.skipIf(!servicesConfigured())('a headless consumer', () => {
  it('reads a blog post by REST and GraphQL exactly as the page shows it', async () => {
    const { page, problems } = await watchedPage(browser);
    const shown = await visit(page, `${site}/blog/why-we-roast-lighter`);
    const doc = await rest<Doc>('/v1/permalink/blog/why-we-roast-lighter');
    const gql = await graphql<{
      contentByPermalink: { id: string; title: string; excerpt: string; body: RichText };
    }>(
      `query Post($p: String!) { contentByPermalink(permalink: $p) { id title ... on BlogPost { excerpt body } } }`,
      { p: 'blog/why-we-roast-lighter' },
    );

    expect(shown.h1).toBe(doc.title);
    expect(gql.contentByPermalink.id).toBe(doc.id);
    expect(gql.contentByPermalink.title).toBe(doc.title);
    expect(gql.contentByPermalink.excerpt).toBe(doc.fields.excerpt);
    expect(gql.contentByPermalink.body).toEqual(doc.fields.body);
    expect(shown.main).toContain(squash(String(doc.fields.excerpt)));
    const paragraphs = blocksOf(doc.fields.body as RichText);
    expect(paragraphs.length).toBeGreaterThan(3);
    for (const text of paragraphs) expect(shown.main).toContain(squash(text));
    expect(problems).toEqual([]);
  });

  it('reads the German about page and the German menu as de.localhost shows them', async () => {
    const { page, problems } = await watchedPage(browser);
    const shown = await visit(page, hostUrl(site, 'de.localhost', '/ueber-uns'));
    const doc = await rest<Doc>('/v1/permalink/ueber-uns?locale=de');
    const gql = await graphql<{
      contentByPermalink: { title: string };
      menu: { items: MenuItem[] };
    }>(
      `{ contentByPermalink(permalink: "ueber-uns", locale: "de") { title }
         menu(name: "main", locale: "de") { items { label children { label children { label } } } } }`,
    );
    const menu = await rest<{ items: MenuItem[] }>('/v1/menus/main?locale=de');

    expect(doc.title).toBe('Über uns');
    expect(gql.contentByPermalink.title).toBe(doc.title);
    expect(shown.main).toContain(doc.title);
    expect(shown.main).toContain(squash(String(doc.fields.intro)));
    expect(labels(gql.menu.items)).toEqual(labels(menu.items));
    expect(shown.menu).toEqual(labels(menu.items));
    expect(shown.menu.map((i) => i.label)).toContain('Kaffees');
    expect(problems).toEqual([]);
  });

  it('lists the posts of the blog: REST and GraphQL agree, in order, and the blog page links each', async () => {
    const { page } = await watchedPage(browser);
    const blog = await rest<Doc>('/v1/permalink/blog');
    const list = await rest<{ items: Doc[]; total: number }>(`/v1/content?parentId=${blog.id}&limit=100`);
    const gql = await graphql<{ contents: { items: Array<{ title: string }>; total: number } }>(
      `query ($id: ID!) { contents(parentId: $id, limit: 100) { total items { title } } }`,
      { id: blog.id },
    );
    expect(gql.contents.total).toBe(list.total);
    expect(gql.contents.items.map((i) => i.title)).toEqual(list.items.map((i) => i.title));
    await page.goto(`${site}/blog`);
    const linked = await page
      .locator('main a[href^="/blog/"]')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
    expect(linked.sort()).toEqual(list.items.map((i) => `/${i.permalink}`).sort());
  });
});
