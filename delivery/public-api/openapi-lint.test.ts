import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { Db } from '../../core/db/types.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { fixtureSpace } from '../../core/testing/fixture-space.ts';
import { createReader } from '../reader/index.ts';
import { publicApi } from './public-api.ts';

const secret = 'a-media-secret-of-at-least-32-characters';

/** `/openapi.json` as Redocly's linter sees it with its recommended rules (what `redocly lint` runs). */
describe('the public API description', () => {
  const [pglite] = testDatabases().filter((d) => d.kind === 'pglite');
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const plugins = loadPlugins({ website: true });
    ({ db, drop } = await migrated(pglite!.open, allMigrations(plugins)));
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
  });
  afterAll(() => drop());

  it('passes redocly lint (recommended) with no error and no warning', async () => {
    const api = publicApi({
      db,
      log: captureLog().log,
      cache: memoryCache({ defaultTtlSeconds: 60 }),
      config: { CACHE_TTL: 60, SCOPES: ['graphql', 'media'], PUBLIC_SPACE: undefined },
      mediaSecret: () => secret,
      blockDesigns: true,
      reader: createReader({ db, mediaSecret: () => secret, blockDesigns: true }),
    });
    await api.ready;
    const res = await api.app.request('http://api.test/openapi.json');
    expect(res.status).toBe(200);
    const problems = await lintFromString({
      source: await res.text(),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(found).toEqual([]);
  });
});
