import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import { isSafeHref, type MenuDesign } from '../../../core/designs/index.ts';
import type { DeliveredMenu, DeliveredMenuItem } from '../../../delivery/reader/types.ts';
import {
  ISLAND_ATTR,
  MENU_CLOSE_ATTR,
  MENU_MOBILE_ATTR,
  MENU_TOGGLE_ATTR,
  MENU_VARIANT_ATTR,
  menuHasSubmenuToggles,
  menuIsIsland,
} from '../../../islands/contract.ts';
import { type MenuClassPart, menuClass } from '../../../styles/class-names.ts';
import type { Env } from '../context.ts';
import { htmlOf } from '../html-of.ts';
import type { NodeProps } from '../render-node.tsx';
import { say } from '../strings.ts';

const PLAIN_BAR: MenuDesign = { variant: 'bar', depth: 1 };

interface MenuView {
  env: Env;
  /** The menu node's page-unique id, prefix of the ids its buttons control. */
  id: string;
  cls: (part: MenuClassPart) => string;
  design: MenuDesign;
  designKey: string | null;
}

function itemHref(env: Env, item: DeliveredMenuItem): string | null {
  if (item.url) return isSafeHref(item.url) ? item.url : null;
  return item.content ? env.ctx.href.document(item.content) : null;
}

/** Whether an entry (whose link is `href`) is the page's own: its document, or its address. */
function isCurrent(env: Env, item: DeliveredMenuItem, href: string | null): boolean {
  return item.content?.id === env.ctx.document.id || (href !== null && href === env.ctx.href.current);
}

function entry(view: MenuView, item: DeliveredMenuItem, depth: number, top: boolean): Child {
  const { env, cls, design } = view;
  const href = itemHref(env, item);
  const current = isCurrent(env, item, href);
  const blank = item.target === '_blank';
  const sub = depth > 1 && item.children.length > 0;
  const subId = `${view.id}-sub-${item.id}`;
  return (
    <li class={cls('item')}>
      {href ? (
        <a
          href={href}
          class={current ? cls('current') : undefined}
          aria-current={current ? 'page' : undefined}
          target={blank ? '_blank' : undefined}
          rel={blank ? 'noopener' : undefined}
        >
          {item.label}
        </a>
      ) : (
        <span>{item.label}</span>
      )}
      {sub && top && menuHasSubmenuToggles(design.variant) ? (
        <button
          type="button"
          class={cls('toggle')}
          {...{ [MENU_TOGGLE_ATTR]: 'submenu' }}
          aria-expanded="false"
          aria-controls={subId}
          aria-label={say('submenu', env.ctx.locale).replace('{label}', item.label)}
        />
      ) : null}
      {sub ? (
        <ul id={subId} class={cls('level')}>
          {item.children.map((c) => entry(view, c, depth - 1, false))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The HTML of a menu's entries, per menu (the read is held until a purge), per design, and per everything else
 * the entries' markup depends on: the menu's element id, the locale, the links' form and which entries are
 * current. A footer of 200 entries was most of an uncached page's render. Bounded per menu: the current
 * entries vary by page, so past `MEMO_PER_MENU` keys the menu's memo starts over.
 */
const memo = new WeakMap<DeliveredMenu, WeakMap<MenuDesign, Map<string, string>>>();
const MEMO_PER_MENU = 256;

/** Which entries (in walk order, to the design's depth) are current for this page. */
function currentEntries(
  env: Env,
  items: readonly DeliveredMenuItem[],
  depth: number,
  out: number[],
  at = { i: 0 },
) {
  for (const item of items) {
    if (isCurrent(env, item, itemHref(env, item))) out.push(at.i);
    at.i++;
    if (depth > 1 && item.children.length > 0) currentEntries(env, item.children, depth - 1, out, at);
  }
  return out;
}

/** The memo of one menu in one design. */
function memoOf(menu: DeliveredMenu, design: MenuDesign): Map<string, string> {
  let byDesign = memo.get(menu);
  if (!byDesign) {
    byDesign = new WeakMap();
    memo.set(menu, byDesign);
  }
  let html = byDesign.get(design);
  if (!html) {
    html = new Map();
    byDesign.set(design, html);
  }
  return html;
}

function entries(view: MenuView, menu: DeliveredMenu): Child {
  const { env, design } = view;
  const render = () => menu.items.map((item) => entry(view, item, design.depth, true));
  const links = env.ctx.href.key;
  if (links === undefined) return render();
  const current = currentEntries(env, menu.items, design.depth, []);
  const key = `${view.designKey}\0${view.id}\0${env.ctx.locale}\0${links}\0${current}`;
  const html = memoOf(menu, design);
  let fragment = html.get(key);
  if (fragment === undefined) {
    // One node for the whole list, rendered without hono's render context (html-of.ts).
    // biome-ignore lint/complexity/noUselessFragments: the fragment is the one node htmlOf renders
    fragment = htmlOf(<>{render()}</>);
    if (html.size >= MEMO_PER_MENU) html.clear();
    html.set(key, fragment);
  }
  return raw(fragment);
}

/**
 * `menu`: a resolved menu in its menu design (`props.design`, else a plain bar), to the design's
 * depth, in the markup of islands/contract.ts ("Menu markup"). Every link is in the HTML; dropdown,
 * mega, burger and panel menus are marked for the menu island, whose buttons the stylesheet shows
 * only once the island runs.
 */
export function MenuNode({ node, env, attrs }: NodeProps<'menu'>): Child {
  const { ctx, scope } = env;
  const menu = ctx.data.menus.get(node.props.menu);
  if (!menu) return null;
  const key = node.props.design ?? null;
  const stored = key ? ctx.designs.menus[key] : undefined;
  if (key && !stored) ctx.warn(scope.ref, node.id, `props.design: no menu design "${key}"`);
  const designKey = stored ? key : null;
  const design = stored ?? PLAIN_BAR;
  const cls = (part: MenuClassPart) => menuClass(designKey, part);
  const view: MenuView = { env, id: `m${ctx.state.ids++}`, cls, design, designKey };
  const mobile = design.mobile?.behaviour;
  const collapses = mobile === 'burger' || mobile === 'panel';
  const island = menuIsIsland(design);
  if (island) ctx.state.islands.add('menu');
  const outer = {
    class: `${attrs.class} ${cls('root')}`,
    ...(island ? { [ISLAND_ATTR]: 'menu' } : {}),
    [MENU_VARIANT_ATTR]: design.variant,
    ...(collapses ? { [MENU_MOBILE_ATTR]: mobile } : {}),
  };
  const content = [
    collapses ? (
      <button
        type="button"
        class={cls('mobileButton')}
        {...{ [MENU_TOGGLE_ATTR]: 'panel' }}
        aria-expanded="false"
        aria-controls={`${view.id}-panel`}
      >
        {say('menu', ctx.locale)}
      </button>
    ) : null,
    <div id={`${view.id}-panel`} class={cls('panel')}>
      {mobile === 'panel' ? (
        <button type="button" class={cls('close')} {...{ [MENU_CLOSE_ATTR]: '' }}>
          {say('close', ctx.locale)}
        </button>
      ) : null}
      <ul class={cls('menu')}>{entries(view, menu)}</ul>
    </div>,
  ];
  // A menu inside a `nav` container is that landmark's content; elsewhere it is its own, named one.
  if (scope.inNav) return <div {...outer}>{content}</div>;
  return (
    <nav {...outer} aria-label={menu.name}>
      {content}
    </nav>
  );
}
