import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { selectAssets, selectUsers } from './asset-query.ts';
import { collectRefs, emptyRefs, type RefSets } from './collect-refs.ts';
import type { SpaceModel } from './content-model.ts';
import { selectDocuments, uuid } from './document-query.ts';
import { selectPermalinks } from './permalink-query.ts';
import type { AssetRow, CarriedRows, DocumentRow, PermalinkRow, UserRow } from './rows.ts';
import { shapeAsset } from './shape-asset.ts';
import { shapeDocument } from './shape-document.ts';
import type { Resolved } from './shape-fields.ts';
import { keepShaping, keptShaping, shapeKey } from './shape-memo.ts';
import type { DeliveredAsset, DeliveredDocument, DeliveredUser, ReadContext } from './types.ts';

export interface DeliverDeps {
  db: Queryable;
  mediaSecret: () => string;
  blockDesigns: boolean;
}

const none: ReadonlySet<string> = new Set();

/** Records the tags of documents read: each one and its ancestors (their slugs make its permalink). */
export function tagDocuments(ctx: ReadContext, rows: Iterable<{ id: string; ancestors: string[] }>): void {
  const tags: string[] = [];
  for (const row of rows) {
    tags.push(cacheTags.document(row.id));
    for (const id of row.ancestors) tags.push(cacheTags.document(id));
  }
  ctx.tags.addTags(tags);
}

/**
 * Records the tags of documents asked for by id, delivered or not: one that is not delivered (unpublished, under
 * a parent that is not, not yet in the locale) is left out of the answer, and its publish, which purges its tag,
 * must end that answer. A string that is no id is never delivered: nothing to wait for.
 */
export function tagAskedDocuments(ctx: ReadContext, ids: Iterable<string>): void {
  ctx.tags.addTags(idsOf(ids).map(cacheTags.document));
}

/**
 * Records the tags of assets asked for by id, found or not. With `use`, also the tag of their public rule (whether
 * published content names them, core/media/visibility.ts), which publishing, unpublishing and deleting documents
 * that name them purge (core/media/asset-use.ts).
 */
export function tagAskedAssets(ctx: ReadContext, ids: Iterable<string>, use: boolean): void {
  const tags: string[] = [];
  for (const id of idsOf(ids)) {
    tags.push(cacheTags.asset(id));
    if (use) tags.push(cacheTags.assetUse(id));
  }
  ctx.tags.addTags(tags);
}

const idsOf = (ids: Iterable<string>): string[] => {
  const out: string[] = [];
  for (const id of ids) if (uuid.test(id)) out.push(id.toLowerCase());
  return out;
};

export function deliverAsset(deps: DeliverDeps, ctx: ReadContext, row: AssetRow): DeliveredAsset {
  ctx.tags.addTags([cacheTags.asset(row.id)]);
  return shapeAsset(row, { secret: deps.mediaSecret(), origin: ctx.origin });
}

export async function deliverUsers(
  deps: DeliverDeps,
  ctx: ReadContext,
  ids: string[],
  from?: readonly DeliveredDocument[],
): Promise<Map<string, DeliveredUser>> {
  const rows =
    (from && carriedIn(from, ids, (doc) => carriedOf.get(doc)?.users)) ??
    (await selectUsers(deps.db, ctx.spaceId, ids));
  return shapeUsers(deps, ctx, rows);
}

/** The assets `ids` (named by the fields of delivered documents `from`, when given), shaped. */
export async function deliverAssets(
  deps: DeliverDeps,
  ctx: ReadContext,
  ids: string[],
  from?: readonly DeliveredDocument[],
): Promise<Map<string, DeliveredAsset>> {
  const rows =
    (from && carriedIn(from, ids, (doc) => carriedOf.get(doc)?.assets)) ??
    (await selectAssets(deps.db, ctx.spaceId, ids));
  return new Map(rows.map((a) => [a.id, deliverAsset(deps, ctx, a)]));
}

function shapeUsers(deps: DeliverDeps, ctx: ReadContext, rows: UserRow[]): Map<string, DeliveredUser> {
  return new Map(
    rows.map((u) => [
      u.id,
      { id: u.id, name: u.name, avatar: u.avatar ? deliverAsset(deps, ctx, u.avatar) : null },
    ]),
  );
}

const minus = (set: Set<string>, ...known: Array<{ has(id: string): boolean }>) =>
  [...set].filter((id) => !known.some((k) => k.has(id)));

/**
 * Shapes document rows with everything they point at, in a fixed number of batched reads however many rows
 * and relations there are: round one fetches, in parallel, the documents, assets and users named in `expand`
 * (anywhere: top level, blocks at any depth, repeaters) and the permalinks links need; round two, the
 * permalinks that links inside the expanded documents need. Expanded documents carry their own relations as
 * ids (expansion is one level deep, so cycles and payloads stay bounded). Rows must be of known types.
 */
export async function deliverDocuments(
  deps: DeliverDeps,
  ctx: ReadContext,
  model: SpaceModel,
  rows: DocumentRow[],
  expand: ReadonlySet<string>,
): Promise<DeliveredDocument[]> {
  const walk = { blockTypes: model.blockTypes, expand };
  const refs = emptyRefs();
  for (const row of rows) collectRefs(row.fields, model.contentTypes.get(row.type)?.fields ?? [], walk, refs);
  tagDocuments(ctx, rows);
  // Related documents and link targets that are not delivered are left out: their publish ends this answer.
  tagAskedDocuments(ctx, refs.documents);
  tagAskedDocuments(ctx, refs.links);
  tagAskedAssets(ctx, refs.assets, false);

  const permalinks = new Map<string, string>(rows.map((r) => [r.id, r.permalink]));
  const known = (ids: Set<string>) => minus(ids, permalinks);
  const [relatedRows, linkRows, assetRows, userRows] = await Promise.all([
    refs.documents.size
      ? (carriedIn(rows, [...refs.documents], (row) => row.carried?.documents) ??
        selectDocuments(deps.db, {
          spaceId: ctx.spaceId,
          locale: ctx.locale,
          drafts: ctx.drafts,
          ids: [...refs.documents],
        }))
      : [],
    linkTargets(deps, ctx, minus(refs.links, permalinks, refs.documents), rows),
    refs.assets.size
      ? (carriedIn(rows, [...refs.assets], (row) => row.carried?.assets) ??
        selectAssets(deps.db, ctx.spaceId, [...refs.assets]))
      : [],
    refs.users.size
      ? (carriedIn(rows, [...refs.users], (row) => row.carried?.users) ??
        selectUsers(deps.db, ctx.spaceId, [...refs.users]))
      : [],
  ]);
  const related = relatedRows.filter((r) => model.contentTypes.has(r.type));
  tagDocuments(ctx, related);
  tagDocuments(ctx, linkRows);
  for (const r of [...related, ...linkRows]) permalinks.set(r.id, r.permalink);

  // Round two: links inside the expanded documents.
  const inner: RefSets = emptyRefs();
  for (const row of related)
    collectRefs(
      row.fields,
      model.contentTypes.get(row.type)?.fields ?? [],
      { blockTypes: model.blockTypes, expand: none },
      inner,
    );
  tagAskedDocuments(ctx, inner.links);
  const innerRows = await linkTargets(deps, ctx, known(inner.links), related);
  tagDocuments(ctx, innerRows);
  for (const r of innerRows) permalinks.set(r.id, r.permalink);

  const assets = new Map(assetRows.map((a) => [a.id, deliverAsset(deps, ctx, a)]));
  const users = shapeUsers(deps, ctx, userRows);
  const key = shapeKey({
    spaceId: ctx.spaceId,
    origin: ctx.origin,
    locale: ctx.locale,
    drafts: ctx.drafts,
    secret: deps.mediaSecret(),
    blockDesigns: deps.blockDesigns,
    expand,
    rows,
    related: relatedRows,
    links: [...linkRows, ...innerRows],
    assets: assetRows,
    users: userRows,
  });
  const earlier = keptShaping(model, key);
  if (earlier) return earlier as DeliveredDocument[];
  const base = {
    asset: (id: string) => assets.get(id),
    user: (id: string) => users.get(id),
    permalink: (id: string) => permalinks.get(id),
  };
  const shallow: Resolved = { ...base, document: () => undefined };
  const documents = new Map(
    related.map((r) => [
      r.id,
      remember(r, shapeDocument(r, model.contentTypes.get(r.type)!, options(deps, model, none, shallow))),
    ]),
  );
  const resolved: Resolved = { ...base, document: (id) => documents.get(id) };
  const shaped = rows.map((r) =>
    remember(r, shapeDocument(r, model.contentTypes.get(r.type)!, options(deps, model, expand, resolved))),
  );
  return keepShaping(model, key, shaped) as DeliveredDocument[];
}

/**
 * The assets and users each delivered document's row was read with. The site asks for those its designs show
 * (`referencedAssets`, `users`) by the delivered fields, which hold the default locale's values of fields that
 * are not localized: only a row without such shared fields names exactly what was read with it.
 */
const carriedOf = new WeakMap<DeliveredDocument, CarriedRows>();

function remember(row: DocumentRow, doc: DeliveredDocument): DeliveredDocument {
  if (row.carried && row.sharedFields === null) carriedOf.set(doc, row.carried);
  return doc;
}

/**
 * Whether every document of `from` came with the assets and users its fields name: only then do `deliverAssets`
 * and `deliverUsers` answer from them without a query (for ids among them, each id-shaped).
 */
export function carriesRefs(from: readonly DeliveredDocument[]): boolean {
  return from.every((doc) => carriedOf.has(doc));
}

/** The rows of the documents `ids` read with delivered documents `from`, or undefined when one came without. */
export function carriedDocuments(
  from: readonly DeliveredDocument[],
  ids: readonly string[],
): DocumentRow[] | undefined {
  return carriedIn(from, ids, (doc) => carriedOf.get(doc)?.documents);
}

/** Where the documents `ids` are delivered in every locale, as read with `from`, or undefined when one came without. */
export function carriedAlternates(
  from: readonly DeliveredDocument[],
  ids: readonly string[],
): PermalinkRow[] | undefined {
  const wanted = new Set(ids);
  const rows: PermalinkRow[] = [];
  for (const id of wanted) {
    const doc = from.find((d) => d.id === id);
    const alternates = doc && carriedOf.get(doc)?.alternates;
    if (!alternates) return undefined;
    rows.push(...alternates);
  }
  return rows;
}

/**
 * The rows among what `from` were read with (`of` each: undefined when it was read without) whose ids are wanted.
 * Every id-shaped string of their fields was looked up, so an id absent from them is not there, exactly as the
 * query would answer. Undefined when one of `from` came without them or an id is not id-shaped: the query decides.
 */
function carriedIn<S, T extends { id: string }>(
  from: readonly S[],
  ids: readonly string[],
  of: (source: S) => readonly T[] | undefined,
): T[] | undefined {
  const wanted = new Set<string>();
  for (const id of ids) {
    if (!uuid.test(id)) return undefined;
    wanted.add(id.toLowerCase());
  }
  const found = new Map<string, T>();
  for (const source of from) {
    const rows = of(source);
    if (!rows) return undefined;
    for (const row of rows) if (wanted.has(row.id)) found.set(row.id, row);
  }
  return [...found.values()];
}

function options(deps: DeliverDeps, model: SpaceModel, expand: ReadonlySet<string>, resolved: Resolved) {
  return { blockTypes: model.blockTypes, expand, resolved, blockDesigns: deps.blockDesigns };
}

/** Where the documents `ids` (links in the fields of `from`) are delivered in the reader's locale. */
function linkTargets(
  deps: DeliverDeps,
  ctx: ReadContext,
  ids: string[],
  from: readonly DocumentRow[],
): Promise<PermalinkRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const carried = carriedIn(from, ids, (row) => row.linkTargets);
  if (carried) return Promise.resolve(carried);
  return selectPermalinks(deps.db, { spaceId: ctx.spaceId, locale: ctx.locale, drafts: ctx.drafts, ids });
}
