import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';

// A test that takes its database away closes it itself, and its teardown closes it again (then drops it).
describe.each(testDatabases())('closing a database on $kind', ({ open }) => {
  it('a second time answers as the first did, and queries after it are refused', async () => {
    const handle = await open();
    await handle.db.query('select 1');
    await handle.db.close();
    await expect(handle.db.close()).resolves.toBeUndefined();
    await expect(handle.db.query('select 1')).rejects.toThrow();
    await handle.drop();
  });
});
