import DataLoader from 'dataloader';
import type { TagSink } from '../../core/cache/tagged-cache.ts';
import { carriesRefs } from '../reader/index.ts';
import type {
  Alternates,
  DeliveredAsset,
  DeliveredDocument,
  DeliveredUser,
  ReadContext,
  Reader,
} from '../reader/types.ts';

/**
 * The reads of one GraphQL request, batched: every relation resolved in one tick of execution becomes one
 * call of the reader's batched methods (`byIds`, `children`, `assets`, `users`), so a query costs a number
 * of database queries that depends on its shape, never on how many documents it returns.
 */
export interface RequestReads {
  /** A read context of the request's space in a locale, recording tags into the request's sink. */
  context(locale: string): ReadContext;
  document(locale: string, id: string): Promise<DeliveredDocument | null>;
  children(locale: string, parentId: string): Promise<DeliveredDocument[]>;
  /** An asset by id (the `asset` query): delivered only when published content references it. */
  asset(id: string): Promise<DeliveredAsset | null>;
  /** An asset named by a field of a delivered document: public by that reference, so not checked again. */
  fieldAsset(id: string): Promise<DeliveredAsset | null>;
  user(id: string): Promise<DeliveredUser | null>;
  /** Where a document is published: its permalink by locale (the reader's `alternates`, batched). */
  alternates(id: string): Promise<Alternates>;
  /** Documents a root query read already: later `parent`, relation or menu reads of them cost nothing. */
  remember(documents: Iterable<DeliveredDocument>): void;
}

export interface RequestReadsArgs {
  reader: Reader;
  spaceId: string;
  defaultLocale: string;
  tags: TagSink;
  origin?: string;
  /** A preview: every read sees the space's drafts. */
  drafts?: 'all';
}

export function requestReads(args: RequestReadsArgs): RequestReads {
  const { reader, spaceId, defaultLocale, tags, origin, drafts } = args;
  const context = (locale: string): ReadContext => ({
    spaceId,
    locale,
    tags,
    ...(origin ? { origin } : {}),
    ...(drafts ? { drafts } : {}),
  });
  const perLocale = <V>(make: (locale: string) => DataLoader<string, V>) => {
    const loaders = new Map<string, DataLoader<string, V>>();
    return (locale: string) => {
      let loader = loaders.get(locale);
      if (!loader) {
        loader = make(locale);
        loaders.set(locale, loader);
      }
      return loader;
    };
  };
  const documents = perLocale(
    (locale) =>
      new DataLoader<string, DeliveredDocument | null>(async (ids) => {
        const found = await reader.byIds(context(locale), [...ids]);
        return ids.map((id) => found.get(id) ?? null);
      }),
  );
  const children = perLocale(
    (locale) =>
      new DataLoader<string, DeliveredDocument[]>(async (ids) => {
        const found = await reader.children(context(locale), [...ids]);
        const lists = ids.map((id) => found.get(id) ?? []);
        for (const list of lists) remember(list);
        return lists;
      }),
  );
  // Documents read so far: assets and users their rows brought (a list with `carry`) need no read of their own.
  // An id may come from a document not among them (a relation read later): what they did not bring is read.
  // When one of them brought nothing, every id is read at once (asking with them would read every id, then
  // again the ids that are not there).
  const known: DeliveredDocument[] = [];
  async function knownFirst<V>(
    ids: readonly string[],
    read: (ids: string[], from?: readonly DeliveredDocument[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    const carried = known.length > 0 && carriesRefs(known);
    const found = carried ? await read([...ids], known) : new Map<string, V>();
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    return new Map([...found, ...(await read(missing))]);
  }
  // Assets and users do not depend on the locale; the space's default serves as the context's.
  const assets = new DataLoader<string, DeliveredAsset | null>(async (ids) => {
    const found = await reader.assets(context(defaultLocale), [...ids]);
    return ids.map((id) => found.get(id) ?? null);
  });
  const fieldAssets = new DataLoader<string, DeliveredAsset | null>(async (ids) => {
    const found = await knownFirst(ids, (wanted, from) =>
      reader.referencedAssets(context(defaultLocale), wanted, from),
    );
    return ids.map((id) => found.get(id) ?? null);
  });
  const users = new DataLoader<string, DeliveredUser | null>(async (ids) => {
    const found = await knownFirst(ids, (wanted, from) => reader.users(context(defaultLocale), wanted, from));
    return ids.map((id) => found.get(id) ?? null);
  });
  // Every locale at once: the context's locale only decides nothing here, so the default one serves.
  const alternates = new DataLoader<string, Alternates>(async (ids) => {
    const found = await reader.alternates(context(defaultLocale), [...ids], known.length ? known : undefined);
    return ids.map((id) => found.get(id) ?? {});
  });
  function remember(list: Iterable<DeliveredDocument>) {
    for (const doc of list) {
      documents(doc.locale).prime(doc.id, doc);
      known.push(doc);
    }
  }
  return {
    context,
    document: (locale, id) => documents(locale).load(id),
    children: (locale, parentId) => children(locale).load(parentId),
    asset: (id) => assets.load(id),
    fieldAsset: (id) => fieldAssets.load(id),
    user: (id) => users.load(id),
    alternates: (id) => alternates.load(id),
    remember,
  };
}
