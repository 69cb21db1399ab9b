import { cacheTags } from '../../core/cache/tags.ts';
import type { Db } from '../../core/db/types.ts';
import { expands, type SpaceModel } from './content-model.ts';
import { tagAskedDocuments, tagDocuments } from './deliver-documents.ts';
import { selectDocuments } from './document-query.ts';
import { type MenuEntryRow, menusWithEntries, selectMenu, selectMenus } from './menu-query.ts';
import type { DocumentRow, MenuRows } from './rows.ts';
import { shapeMenu } from './shape-menu.ts';
import type { DeliveredDocument, MenuOptions, ReadContext, Reader } from './types.ts';

/** What the menu reads take from the reader (reader.ts) they are part of. */
export interface MenuReadDeps {
  db: Db;
  /** The space's model, its registry tag added. */
  modelFor(ctx: ReadContext): Promise<SpaceModel>;
  /** The same, asked now and awaited later (reader.ts, `modelBeside`). */
  modelBeside(ctx: ReadContext): Promise<SpaceModel>;
  /** Tags an answer that found nothing (any publish may change it). */
  nothing(ctx: ReadContext): void;
  /** Documents delivered from their rows, expanded as asked. */
  many(
    ctx: ReadContext,
    model: SpaceModel,
    rows: DocumentRow[],
    expand?: string[],
  ): Promise<DeliveredDocument[]>;
}

/** The reader's menus: one with its documents (REST, GraphQL), or several as a site shows them. */
export function menuReads(deps: MenuReadDeps): Pick<Reader, 'menu' | 'menuSummaries'> {
  const { db, modelFor, modelBeside, nothing, many } = deps;

  /** The menus' tags and those of the documents their entries name (delivered or not). */
  function entryIds(ctx: ReadContext, menus: MenuRows[]): string[] {
    ctx.tags.addTags(menus.map((m) => cacheTags.menu(m.id)));
    const ids = [
      ...new Set(menus.flatMap((m) => m.items.flatMap((i) => (i.contentId ? [i.contentId] : [])))),
    ];
    tagAskedDocuments(ctx, ids);
    return ids;
  }

  /** The documents of menus' entries, delivered in the locale; with the menus' tags and those of the ids asked. */
  async function entryDocuments(ctx: ReadContext, menus: MenuRows[], refs: boolean) {
    const ids = entryIds(ctx, menus);
    const { spaceId, locale, drafts } = ctx;
    return ids.length ? await selectDocuments(db, { spaceId, locale, drafts, ids, refs }) : [];
  }

  /**
   * Menus as a site shows them (`MenuOptions.summary`): each entry's document as `id`, `type`, `title` and
   * `permalink`, tagged by the documents alone. All of them in one statement (a preview's drafts: two), not two
   * per menu.
   */
  async function menuSummaries(ctx: ReadContext, machineNames: string[]) {
    const modelRead = modelBeside(ctx);
    let menus: Map<string, MenuRows>;
    let docRows: MenuEntryRow[];
    if (ctx.drafts) {
      menus = await selectMenus(db, ctx.spaceId, machineNames);
      docRows = await entryDocuments(ctx, [...menus.values()], false);
    } else {
      ({ menus, entries: docRows } = await menusWithEntries(db, ctx.spaceId, machineNames, ctx.locale));
      entryIds(ctx, [...menus.values()]);
    }
    if (machineNames.some((name) => !menus.has(name))) nothing(ctx);
    const model = await modelRead;
    // What the entries show and nothing their documents' fields name: tagged by the documents alone.
    const known = docRows.filter((r) => model.contentTypes.has(r.type));
    tagDocuments(ctx, known);
    const summaries = new Map(
      known.map((r) => [r.id, { id: r.id, type: r.type, title: r.title, permalink: r.permalink }]),
    );
    return machineNames.map((name) => {
      const rows = menus.get(name);
      return rows ? shapeMenu(rows, ctx.locale, (id) => summaries.get(id)) : null;
    });
  }

  async function menu(ctx: ReadContext, machineName: string, expand?: string[], options?: MenuOptions) {
    if (options?.summary) return (await menuSummaries(ctx, [machineName]))[0] ?? null;
    const model = await modelFor(ctx);
    const rows = await selectMenu(db, ctx.spaceId, machineName);
    if (!rows) {
      nothing(ctx);
      return null;
    }
    const docRows = await entryDocuments(ctx, [rows], expands(expand));
    const docs = new Map((await many(ctx, model, docRows, expand)).map((d) => [d.id, d]));
    return shapeMenu(rows, ctx.locale, (id) => docs.get(id));
  }

  return { menu, menuSummaries };
}
