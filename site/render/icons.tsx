import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import type { IconName } from '../../core/designs/index.ts';
import { element } from './markup.ts';

/** The shipped icons as 24×24 stroke paths (shapes after Feather, MIT), drawn in `currentColor`. */
const PATHS: Record<IconName, string> = {
  'arrow-right': 'M5 12h14M12 5l7 7-7 7',
  'arrow-left': 'M19 12H5M12 19l-7-7 7-7',
  'chevron-down': 'M6 9l6 6 6-6',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M18 6 6 18M6 6l12 12',
  search: 'M11 3a8 8 0 1 0 0 16 8 8 0 1 0 0-16zM21 21l-4.35-4.35',
  mail: 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6',
  phone:
    'M22 16.92v3a2 2 0 0 1-2.18 2 19.8 19.8 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.12 4.18 2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.91.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92z',
  external: 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14 21 3',
  check: 'M20 6 9 17l-5-5',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
};

/**
 * An inline SVG icon: decorative (hidden from readers) unless it has a `label`. Written as a string on the
 * server: hono/jsx renders an `<svg>`'s children inside an `AsyncLocalStorage` (site/render/markup.ts).
 */
export function Icon(p: { name: IconName; label?: string; attrs?: { class?: string } }): Child {
  const svg = {
    ...p.attrs,
    viewBox: '0 0 24 24',
    width: '24',
    height: '24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    focusable: 'false',
    role: p.label ? 'img' : undefined,
    'aria-label': p.label || undefined,
    'aria-hidden': p.label ? undefined : 'true',
  };
  const d = PATHS[p.name];
  // The canvas renders these components with hono/jsx/dom, which draws a string as text: an element there.
  if (typeof document !== 'undefined')
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: `svg` holds role="img" and aria-label, or aria-hidden
      <svg {...svg}>
        <path d={d} />
      </svg>
    );
  return raw(element('svg', svg, element('path', { d })));
}
