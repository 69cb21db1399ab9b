import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../../core/http/listen.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { launchChromium, watchedPage } from '../../e2e/support/browser.ts';
import { type GraphqlWorld, graphqlWorld } from './graphql-test-kit.ts';

// GraphiQL as a developer opens it under `verso dev`: served by the process itself, so it works with no
// network beyond the API (yoga's default page loads its scripts from a CDN and stays blank offline).
describe('GraphiQL with introspection on, in Chromium', () => {
  let world: GraphqlWorld;
  let server: Listening;
  let browser: Browser;
  beforeAll(async () => {
    world = await graphqlWorld(testDatabases()[0]!.open, { config: { PUBLIC_GRAPHQL_INTROSPECTION: true } });
    server = await listen(world.app, { port: 0, hostname: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await world?.close();
  });

  it('loads nothing from elsewhere, and runs a query typed into the address', async () => {
    const { page, problems } = await watchedPage(browser);
    const elsewhere: string[] = [];
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'blob:' || url.protocol === 'data:' || url.hostname === '127.0.0.1') {
        return route.continue();
      }
      elsewhere.push(url.href);
      return route.abort();
    });
    const query = '{ contents(limit: 1) { items { title } } }';
    await page.goto(`http://127.0.0.1:${server.port}/graphql?query=${encodeURIComponent(query)}`);
    await page.locator('.graphiql-execute-button').click({ timeout: 60_000 });
    await expect
      .poll(async () => (await page.locator('.result-window').textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/"title"/);
    expect(elsewhere).toEqual([]);
    expect(problems.filter((p) => !p.includes('favicon'))).toEqual([]);
  }, 90_000);
});
