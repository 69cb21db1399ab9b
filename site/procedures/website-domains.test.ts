import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { websiteProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });

describe.each(testDatabases())('plugins.website.domains.* on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: websiteProcedures,
      plugins,
      migrations: allMigrations(plugins),
    });
    key = await h.key({ role: 'editor' });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.cache.takePurged();
  });
  const call = async (
    name: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: any }> => {
    const res = await h.call(`plugins.website.domains.${name}`, { space: 'fixture', ...body }, key);
    return { status: res.status, body: await res.json() };
  };
  const redirects = `redirects:${ids.space}`;
  const sitePages = `site:pages:${ids.space}`;

  it('lists the space’s domains', async () => {
    const { body } = await call('list', {});
    expect(body.items).toEqual([
      {
        host: 'fixture.test',
        primary: true,
        redirectToPrimary: false,
        locale: null,
        environment: 'production',
      },
      {
        host: 'de.fixture.test',
        primary: true,
        redirectToPrimary: false,
        locale: 'de',
        environment: 'production',
      },
    ]);
  });

  it("creates a domain (host normalized) and purges domains and its own space's site only", async () => {
    const { status, body } = await call('create', { host: ' WWW.Fixture.Test. ' });
    expect(status).toBe(200);
    expect(body).toEqual({
      host: 'www.fixture.test',
      primary: false,
      redirectToPrimary: false,
      locale: null,
      environment: 'production',
    });
    expect(h.cache.takePurged()).toEqual(['domains', sitePages]);
    const dup = await call('create', { host: 'www.fixture.test' });
    expect([dup.status, dup.body.error.key]).toEqual([409, 'plugins.website.domain.exists']);
  });

  it('a redirect-to-primary domain also purges redirects:<spaceId>', async () => {
    expect((await call('create', { host: 'old.fixture.test', redirectToPrimary: true })).status).toBe(200);
    expect(h.cache.takePurged()).toEqual(['domains', sitePages, redirects]);
    expect((await call('delete', { host: 'old.fixture.test' })).body).toEqual({
      host: 'old.fixture.test',
      deleted: true,
    });
    expect(h.cache.takePurged()).toEqual(['domains', sitePages, redirects]);
  });

  it('a new primary demotes the old one for its locale and environment', async () => {
    const { body } = await call('update', { host: 'www.fixture.test', primary: true });
    expect(body.primary).toBe(true);
    expect(h.cache.takePurged()).toEqual(['domains', sitePages, redirects]);
    const list = (await call('list', {})).body.items as Array<{ host: string; primary: boolean }>;
    expect(
      list
        .filter((d) => d.primary)
        .map((d) => d.host)
        .sort(),
    ).toEqual(['de.fixture.test', 'www.fixture.test']);
  });

  it('refuses unknown hosts, locales and environments', async () => {
    expect((await call('update', { host: 'nowhere.test', primary: true })).body.error.key).toBe(
      'plugins.website.domain.notFound',
    );
    expect((await call('delete', { host: 'nowhere.test' })).status).toBe(404);
    expect((await call('create', { host: 'fr.fixture.test', locale: 'fr' })).status).toBe(422);
    expect((await call('create', { host: 'qa.fixture.test', environment: 'qa' })).body.error.key).toBe(
      'plugins.website.environment.notFound',
    );
    expect((await call('create', { host: 'bad host' })).body.error.details[0].path).toBe('host');
    expect(h.cache.takePurged()).toEqual([]);
    expect((await call('create', { host: 'staging.fixture.test', environment: 'staging' })).status).toBe(200);
  });
});
