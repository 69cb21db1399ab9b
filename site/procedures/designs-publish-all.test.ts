import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { validDesigns } from '../../core/designs/fixtures.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { websiteProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });

describe.each(testDatabases())('designs.publishAll on $kind', ({ open }) => {
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
    for (const [i, d] of validDesigns().entries()) {
      await h.db.query(
        `insert into website_designs (space_id, kind, key, published, draft, position) values ($1, $2, $3, $4, null, $5)`,
        [ids.space, d.kind, d.key, JSON.stringify(d.published), i],
      );
    }
  });
  afterAll(() => h.close());

  const layout = async () =>
    (
      await h.db.query<{ published: { root: { id: string } }; draft: unknown; version: number }>(
        `select published, draft, version from website_designs where space_id = $1 and kind = 'layout' and key = 'default'`,
        [ids.space],
      )
    ).rows[0]!;
  const revision = async () =>
    (
      await h.db.query<{ revision: number }>(
        `select (settings->>'revision')::int as revision from space_plugin_settings where space_id = $1 and environment = 'production'`,
        [ids.space],
      )
    ).rows[0]!.revision;

  it('publishes every draft, bumps the revision, snapshots it and purges design:<spaceId>', async () => {
    const draft = structuredClone((await layout()).published);
    draft.root.id = 'layout-v2';
    await h.db.query(`update website_designs set draft = $2 where space_id = $1 and kind = 'layout'`, [
      ids.space,
      JSON.stringify(draft),
    ]);
    h.cache.takePurged();
    const res = await h.call('designs.publishAll', { space: 'fixture' }, key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revision: 2, published: ['layout/default'] });
    const after = await layout();
    expect(after.published.root.id).toBe('layout-v2');
    expect(after.draft).toBeNull();
    expect(after.version).toBe(2);
    expect(await revision()).toBe(2);
    const snapshot = await h.db.query<{
      designs: Array<{ kind: string; published: { root?: { id: string } } }>;
    }>('select designs from website_design_versions where space_id = $1 and revision = 2', [ids.space]);
    expect(snapshot.rows[0]!.designs.find((d) => d.kind === 'layout')?.published.root?.id).toBe('layout-v2');
    expect(h.cache.takePurged()).toEqual([`design:${ids.space}`]);
  });

  it('refuses drafts that break the design rules, changing nothing', async () => {
    const page = await h.db.query<{ published: Record<string, unknown> }>(
      `select published from website_designs where space_id = $1 and kind = 'page' limit 1`,
      [ids.space],
    );
    const broken = { ...page.rows[0]!.published, layout: 'no-such-layout' };
    await h.db.query(`update website_designs set draft = $2 where space_id = $1 and kind = 'page'`, [
      ids.space,
      JSON.stringify(broken),
    ]);
    h.cache.takePurged();
    const res = await h.call('designs.publishAll', { space: 'fixture' }, key);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { key: string; details: Array<{ path: string }> } };
    expect(body.error.key).toBe('designs.invalid');
    expect(body.error.details[0]?.path).toMatch(/\.published\.layout$/);
    expect(await revision()).toBe(2);
    expect(h.cache.takePurged()).toEqual([]);
  });
});
