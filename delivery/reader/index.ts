// The reader of published content: its contract (types.ts) and its one implementation over `Db`.

export { carriesRefs } from './deliver-documents.ts';
export { filterOperators, listOrderLimits } from './list-order.ts';
export { listLimits } from './list-query.ts';
export { createReader, type ReaderOptions } from './reader.ts';
export { sharedReader } from './shared-reader.ts';
export type * from './types.ts';
