/**
 * Class names shared by the style compiler and the renderer (server and canvas): one class per design node,
 * one per block instance with style overrides. Pure, so both sides import it.
 */
export interface DesignRef {
  kind: 'layout' | 'page' | 'block' | 'menu' | 'site';
  key: string;
  /** Block designs: the variant name. */
  variant?: string;
}

/** FNV-1a, 32 bit, base 36: short, stable, and enough to keep designs' classes apart. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * The class prefix of each design, by the reference object a render passes for every node of one design (with
 * what it said then, in case an object is reused for another design): hashing it again for each of a page's
 * nodes was ~1 % of an uncached page's CPU.
 */
const prefixes = new WeakMap<
  DesignRef,
  { kind: string; key: string; variant: string | undefined; prefix: string }
>();

function prefixOf(ref: DesignRef): string {
  const known = prefixes.get(ref);
  if (known && known.kind === ref.kind && known.key === ref.key && known.variant === ref.variant)
    return known.prefix;
  const prefix = `v-${shortHash(`${ref.kind}/${ref.key}/${ref.variant ?? ''}`)}-`;
  prefixes.set(ref, { kind: ref.kind, key: ref.key, variant: ref.variant, prefix });
  return prefix;
}

export function nodeClass(ref: DesignRef, nodeId: string): string {
  return prefixOf(ref) + nodeId;
}

export function instanceClass(blockId: string): string {
  return `i-${shortHash(blockId)}`;
}

/**
 * The parts of a rendered menu, each with its own class (`menuClass`). The five of MENU_PARTS are
 * styled by the menu design (`styles.menu` … `styles.panel`); `root`, `item`, `toggle` and `close`
 * carry only the layout the variant and mobile behaviour need. The markup they go on is described
 * in islands/contract.ts ("Menu markup").
 */
export const MENU_CLASS_PARTS = [
  'root',
  'menu',
  'item',
  'level',
  'current',
  'toggle',
  'mobileButton',
  'panel',
  'close',
] as const;
export type MenuClassPart = (typeof MENU_CLASS_PARTS)[number];

/**
 * The class of one part of a menu rendered with the menu design `designKey`; `null` for a menu node
 * without a design (the built-in plain bar). Class names are lower case (`mobile-button`).
 */
export function menuClass(designKey: string | null, part: MenuClassPart): string {
  const kebab = part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `m-${shortHash(`menu/${designKey ?? ''}`)}-${kebab}`;
}

/** Rich text (`richtext` nodes): the theme's `prose` element styles and the text rhythm inside. */
export const PROSE_CLASS = 'prose';

/** Links that look like buttons (`button` nodes); `formSubmit` buttons get the look by their type. */
export const BUTTON_CLASS = 'v-button';

/** Visually hidden, still read by screen readers (labels of icon buttons, the menu button's text). */
export const SR_ONLY_CLASS = 'v-sr-only';

/** The "skip to content" link: hidden until focused, then shown at the top left. */
export const SKIP_LINK_CLASS = 'v-skip-link';
