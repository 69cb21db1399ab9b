import { inLocaleOrder } from '../reader/permalink.ts';
import type { Alternates, DeliveredDocument } from '../reader/types.ts';

export type WithAlternates = DeliveredDocument & { alternates: Alternates };

/**
 * The documents with `alternates` (locale → permalink where each is published), for a front end's locale switch
 * and hreflang. The reader gives the same frozen documents again while nothing changed, and REST serializes such
 * a list once (answer.ts): so do these, the same frozen array again while the alternates are the same too.
 */
const given = new WeakMap<readonly DeliveredDocument[], { key: string; docs: readonly WithAlternates[] }>();

export async function withAlternates(
  docs: readonly DeliveredDocument[],
  locales: readonly string[],
  read: (ids: string[]) => Promise<Map<string, Alternates>>,
): Promise<readonly WithAlternates[]> {
  if (docs.length === 0) return docs as readonly WithAlternates[];
  const alternates = await read(docs.map((d) => d.id));
  const each = docs.map((d) => inLocaleOrder(alternates.get(d.id) ?? {}, locales));
  const frozen = Object.isFrozen(docs);
  const key = frozen ? JSON.stringify(each) : '';
  const before = frozen ? given.get(docs) : undefined;
  if (before && before.key === key) return before.docs;
  const out = Object.freeze(docs.map((d, i) => Object.freeze({ ...d, alternates: each[i]! })));
  if (frozen) given.set(docs, { key, docs: out });
  return out;
}
