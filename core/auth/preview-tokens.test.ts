import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../db/types.ts';
import { memoryStorage } from '../media/memory-storage.ts';
import { importSpace } from '../space-format/import.ts';
import { parseSpaceFile } from '../space-format/validate.ts';
import { migrated, testDatabases } from '../testing/databases.ts';
import { fixtureSpace, ids } from '../testing/fixture-space.ts';
import {
  createPreviewToken,
  revokePreviewToken,
  trimPreviewTokens,
  verifyPreviewToken,
} from './preview-tokens.ts';

const plugins = loadPlugins({ website: true });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

describe.each(testDatabases())('preview tokens in the database on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
  });
  afterAll(() => drop());

  const create = (expiresAt: Date) =>
    createPreviewToken(db, { spaceId: ids.space, name: 't', expiresAt, createdBy: 'system:test' });

  it('verifies only the exact token of its space while it lives; the secret is not stored', async () => {
    const live = await create(inDays(1));
    const stored = await db.query<{ hash: string }>('select hash from preview_tokens where id = $1', [
      live.id,
    ]);
    expect(JSON.stringify(stored.rows)).not.toContain(live.token.slice(17));
    expect(await verifyPreviewToken(db, { token: live.token, spaceId: ids.space })).toBe(live.id);
    expect(await verifyPreviewToken(db, { token: ` ${live.token} `, spaceId: ids.space })).toBe(live.id);
    const wrongSecret = `${live.token.slice(0, -1)}${live.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [wrongSecret, live.token.replace('vsp_', 'vso_'), 'vsp_x', ''])
      expect(await verifyPreviewToken(db, { token, spaceId: ids.space }), token).toBeNull();
    expect(
      await verifyPreviewToken(db, { token: live.token, spaceId: '00000000-0000-4000-8000-0000000000ff' }),
    ).toBeNull();
    await revokePreviewToken(db, { spaceId: ids.space, id: live.id });
    expect(await verifyPreviewToken(db, { token: live.token, spaceId: ids.space })).toBeNull();
    const gone = await create(inDays(-1));
    expect(await verifyPreviewToken(db, { token: gone.token, spaceId: ids.space })).toBeNull();
  });

  it('housekeeping drops tokens 30 days after they expired or were revoked, and keeps the others', async () => {
    await db.query('delete from preview_tokens');
    const live = await create(inDays(10));
    const expiredLately = await create(inDays(-29));
    await create(inDays(-31));
    const revokedLately = await create(inDays(100));
    const revokedLong = await create(inDays(100));
    await db.query(`update preview_tokens set revoked_at = now() - interval '2 days' where id = $1`, [
      revokedLately.id,
    ]);
    await db.query(`update preview_tokens set revoked_at = now() - interval '31 days' where id = $1`, [
      revokedLong.id,
    ]);
    expect(await trimPreviewTokens(db, 30)).toBe(2);
    const left = await db.query<{ id: string }>('select id::text as id from preview_tokens order by id');
    expect(left.rows.map((r) => r.id).sort()).toEqual([live.id, expiredLately.id, revokedLately.id].sort());
  });
});
