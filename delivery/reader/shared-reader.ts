import type { Db } from '../../core/db/types.ts';
import { createReader, type ReaderOptions } from './reader.ts';
import type { Reader } from './types.ts';

const readers = new WeakMap<Db, Reader>();

/**
 * The reader of one database, made once per process: REST, GraphQL and the site share it, and so share its
 * registry, whose `reloadRegistry()` the management API's reload calls once for all of them.
 */
export function sharedReader(options: ReaderOptions): Reader {
  let reader = readers.get(options.db);
  if (!reader) {
    reader = createReader(options);
    readers.set(options.db, reader);
  }
  return reader;
}
