import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { migrated, type TestDatabase } from '../../core/testing/databases.ts';
import { deliveryFixture, deliveryIds as ids } from './delivery-fixture.ts';
import { createReader } from './reader.ts';
import type { ReadContext, Reader } from './types.ts';

// What the reader's tests share: a migrated database with the delivery fixture, and the reader over it.

export const plugins = loadPlugins({ website: true });
export const secret = 'a-media-secret-of-at-least-32-characters';

/** A read context of the fixture's space that records the tags a read adds. */
export function context(locale = 'en', extra: Partial<ReadContext> = {}) {
  const tags = new Set<string>();
  const ctx: ReadContext = {
    spaceId: ids.space,
    locale,
    tags: {
      addTags: (t) => {
        for (const x of t) tags.add(x);
      },
    },
    ...extra,
  };
  return { ctx, tags };
}

/** The AppError a read refuses with. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

/** A migrated database with `space` imported (the delivery fixture unless given), and a reader over it. */
export async function openReader(
  open: TestDatabase['open'],
  options: { space?: Record<string, unknown>; blockDesigns?: boolean } = {},
): Promise<{ db: Db; reader: Reader; drop(): Promise<void> }> {
  const { db, drop } = await migrated(open, allMigrations(plugins));
  await importSpace(db, parseSpaceFile(options.space ?? deliveryFixture(), plugins), {
    baseDir: process.cwd(),
    storage: memoryStorage(),
    plugins,
  });
  const reader = createReader({ db, mediaSecret: () => secret, blockDesigns: options.blockDesigns ?? true });
  return { db, reader, drop };
}
