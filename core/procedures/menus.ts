import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { dottedPath } from '../space-format/document-fields.ts';
import {
  insertMenuItems,
  type MenuItemInput,
  menuContentIds,
  menuItemRows,
  menuItemsProblem,
  menuItemTarget,
  menuItemUrl,
  menuMachineName,
  oneMenuLink,
} from '../space-format/menu-items.ts';
import './errors.ts';
import { assertLocale, localeName, spaceName } from './inputs.ts';
import { labelsOf, readMenu } from './menu-read.ts';

/**
 * How deep `menus.update` nests items: the site and `/v1/menus` show 33 levels, and a bounded schema keeps a
 * request from nesting deep enough to exhaust the stack while it is read.
 */
export const MENU_DEPTH_MAX = 32;

/** An item as `menus.update` takes it: its label in the call's locale; no `id` for a new item. */
interface ItemWrite {
  id?: string | undefined;
  label: string;
  url: string | null;
  target: '_self' | '_blank';
  contentId: string | null;
  children: ItemWrite[];
}

/** Any GUID, as the space file takes item and document ids (imported ids need not be RFC 4122 ones). */
const anyId = z.guid({ message: 'must be a UUID' });

function itemWrite(level: number): z.ZodType<ItemWrite> {
  const children =
    level + 1 < MENU_DEPTH_MAX
      ? z.array(itemWrite(level + 1))
      : z.array(z.unknown()).max(0, `menu items nest at most ${MENU_DEPTH_MAX} levels`);
  return z
    .strictObject({
      id: anyId.optional(),
      label: z.string(),
      url: menuItemUrl.nullable().default(null),
      target: menuItemTarget.default('_self'),
      contentId: anyId.nullable().default(null),
      children: (children as z.ZodType<ItemWrite[]>).default([]),
    })
    .refine(oneMenuLink.test, { message: oneMenuLink.message });
}

const itemsInput = z.array(itemWrite(0));

export const menusGet = defineProcedure({
  name: 'menus.get',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName, key: menuMachineName }),
  async run(ctx, input) {
    return readMenu(ctx.db, ctx.space, input.key);
  },
});

function menuInvalid(problem: string): AppError {
  const cut = problem.indexOf(': ');
  const path = dottedPath(problem.slice(0, cut));
  const message = problem.slice(cut + 2);
  return new AppError('menu.invalid', {
    message: `${path}: ${message}`,
    details: [{ key: 'validation.invalid', path, params: { message } }],
  });
}

/** The written tree in the space file's shape (labels in the call's locale, new items given ids), or a problem. */
function toTree(
  items: ItemWrite[],
  path: string,
  locale: string,
  known: ReadonlyMap<string, unknown>,
): MenuItemInput[] {
  return items.map((item, i) => {
    const id = item.id?.toLowerCase();
    if (id !== undefined && !known.has(id))
      throw menuInvalid(`${path}[${i}].id: no item with this id in the menu`);
    return {
      id: id ?? randomUUID(),
      label: { [locale]: item.label },
      url: item.url,
      target: item.target,
      contentId: item.contentId,
      children: toTree(item.children, `${path}[${i}].children`, locale, known),
    };
  });
}

/**
 * The stored label with the call's locale replaced; the other locales keep theirs. An empty label in a locale
 * other than the default removes that locale's label, so the site shows the default's there (as it does for
 * an item that never had one) rather than an empty link: a studio writing every locale's labels of a tree
 * writes "" where an item has none.
 */
function mergeLabel(
  stored: unknown,
  locale: string,
  label: string,
  space: { locales: readonly string[]; defaultLocale: string },
) {
  if (label === '' && locale !== space.defaultLocale) {
    if (stored === undefined) return {};
    const { [locale]: _dropped, ...rest } = labelsOf(stored, space.locales);
    return rest;
  }
  if (stored === undefined) return { [locale]: label };
  if (typeof stored === 'string' && stored === label) return stored;
  return { ...labelsOf(stored, space.locales), [locale]: label };
}

async function spaceDocuments(db: Queryable, spaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await db.query<{ id: string }>(
    'select id::text as id from documents where space_id = $1 and id = any($2::uuid[])',
    [spaceId, ids],
  );
  return new Set(res.rows.map((r) => r.id));
}

/**
 * Replaces a menu's item tree and its labels in one locale: items with an `id` are the menu's own (their
 * labels in other locales are kept), items without one are new, items left out are deleted. Checked as
 * `verso import` checks menus (core/space-format/menu-items.ts), against the documents of this space. The
 * statement that raises `revision` compares it, so a stale one writes nothing and answers 409 `menu.conflict`
 * with the current one. Pages and answers that show the menu carry `menu:<id>`: that tag alone is purged.
 */
export const menusUpdate = defineProcedure({
  name: 'menus.update',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    key: menuMachineName,
    locale: localeName,
    revision: z.number().int().min(0),
    items: itemsInput,
  }),
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    const { space } = ctx;
    const written = await ctx.db.transaction(async (tx) => {
      const claimed = await tx.query<{ id: string }>(
        `update menus set revision = revision + 1
         where space_id = $1 and machine_name = $2 and revision = $3 returning id`,
        [space.id, input.key, input.revision],
      );
      const menuId = claimed.rows[0]?.id;
      if (!menuId) {
        const current = await tx.query<{ revision: string }>(
          'select revision::text as revision from menus where space_id = $1 and machine_name = $2',
          [space.id, input.key],
        );
        if (!current.rows[0]) throw new AppError('menu.notFound');
        const revision = Number(current.rows[0].revision);
        throw new AppError('menu.conflict', {
          details: [{ key: 'menu.conflict', path: 'revision', params: { revision } }],
        });
      }
      const stored = await tx.query<{ id: string; label: unknown }>(
        'select id::text as id, label from menu_items where menu_id = $1',
        [menuId],
      );
      const labels = new Map(stored.rows.map((r) => [r.id, r.label]));
      const tree = toTree(input.items, 'items', input.locale, labels);
      const documents = await spaceDocuments(tx, space.id, [...menuContentIds(tree)]);
      const problem = menuItemsProblem(tree, 'items', {
        documents: { has: (id) => documents.has(id.toLowerCase()) },
        locales: space.locales,
      });
      if (problem) throw menuInvalid(problem);
      const rows = menuItemRows(tree, menuId).map((row) => ({
        ...row,
        label: mergeLabel(
          labels.get(row.id),
          input.locale,
          (row.label as Record<string, string>)[input.locale]!,
          space,
        ),
      }));
      await tx.query('delete from menu_items where menu_id = $1', [menuId]);
      await insertMenuItems(tx, rows);
      return { menuId, count: rows.length };
    });
    await ctx.cache.purgeTags([cacheTags.menu(written.menuId)]);
    ctx.audit.target = written.menuId;
    ctx.audit.details = { key: input.key, locale: input.locale, items: written.count };
    return readMenu(ctx.db, space, input.key);
  },
});

/** The space's menus by name, for the studio's menu picker (`menus.get` reads one's items). */
export const menusList = defineProcedure({
  name: 'menus.list',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    const res = await ctx.db.query<{ id: string; name: string; machine_name: string; revision: string }>(
      `select id::text as id, name, machine_name, revision::text as revision from menus
       where space_id = $1 order by name, machine_name`,
      [ctx.space.id],
    );
    return {
      items: res.rows.map((r) => ({
        id: r.id,
        name: r.name,
        machineName: r.machine_name,
        revision: Number(r.revision),
      })),
    };
  },
});
