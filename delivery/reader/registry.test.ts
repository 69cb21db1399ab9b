import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../core/db/types.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryIds as ids } from './delivery-fixture.ts';
import { openReader } from './reader-test-kit.ts';
import { boundContentModels, createRegistry } from './registry.ts';

/** Counts the statements that read content types, the registry's only reads besides the schema version. */
function counting(db: Db) {
  let typeReads = 0;
  const counted = {
    ...db,
    query: ((text: string, params?: unknown[]) => {
      if (text.includes('from content_types')) typeReads++;
      return db.query(text, params as never);
    }) as Db['query'],
  } as Db;
  return { db: counted, typeReads: () => typeReads };
}

describe.each(testDatabases())('the content-type registry on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openReader(open));
  });
  afterAll(async () => {
    boundContentModels(2000);
    await drop();
  });

  it('reads a space on its first request only, keeps at most its bound, and reads a dropped one again', async () => {
    boundContentModels(2);
    const { db: counted, typeReads } = counting(db);
    const registry = createRegistry(counted);
    expect(typeReads()).toBe(0);
    const model = await registry.model(ids.space);
    expect(model.contentTypes.size).toBeGreaterThan(0);
    expect(await registry.model(ids.space)).toBe(model);
    expect(typeReads()).toBe(1);
    // Two other spaces (unknown ones read as empty models) push the first out of a registry of two.
    for (const other of ['00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a002'])
      expect((await registry.model(other)).contentTypes.size).toBe(0);
    expect(typeReads()).toBe(3);
    // Read again, and the same types give the same model back: models are shared by their content.
    const again = await registry.model(ids.space);
    expect(again).toBe(model);
    expect(Object.isFrozen([...model.contentTypes.values()][0])).toBe(true);
    expect(typeReads()).toBe(4);
    // A reload drops every model kept: the next request reads the space again.
    await registry.reload();
    await registry.model(ids.space);
    expect(typeReads()).toBe(5);
  });
});
