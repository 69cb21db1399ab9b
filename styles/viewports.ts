import { BREAKPOINTS, type Viewport } from '../core/designs/index.ts';

/**
 * The three viewports as disjoint media ranges, for hiding (a node's `visibility.breakpoints`, a block's
 * `hide`). They meet exactly where the `max-width` breakpoints of styles do, with no gap at fractional
 * widths: desktop > 1023px, tablet 640–1023px, mobile ≤ 639px.
 */
export const VIEWPORT_MEDIA: Record<Viewport, string> = {
  desktop: `(width > ${BREAKPOINTS.tablet.maxWidth}px)`,
  tablet: `(${BREAKPOINTS.mobile.maxWidth}px < width <= ${BREAKPOINTS.tablet.maxWidth}px)`,
  mobile: `(width <= ${BREAKPOINTS.mobile.maxWidth}px)`,
};

/** Wider than a breakpoint: where a menu that collapses at it shows in full. */
export function aboveBreakpoint(maxWidth: number): string {
  return `(width > ${maxWidth}px)`;
}
