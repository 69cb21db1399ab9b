import type { BundledFamily } from '../core/designs/index.ts';
import type { FontMetrics } from './woff2-metrics.ts';

/**
 * The local faces a metric-matched fallback is built on, per category, with their metrics: Arial,
 * Times New Roman and Courier New and their metric-compatible twins (Liberation, Croscore), which
 * share advance widths and vertical metrics. The numbers are those published by @capsizecss/metrics
 * (hhea values; the average width weighted by English letter frequency, the weighting
 * fonts/woff2-metrics.ts uses), transcribed because the fonts are not installed where we build.
 */
export interface SystemFallback {
  locals: readonly string[];
  metrics: FontMetrics;
}

export const SYSTEM_FALLBACKS: Record<BundledFamily['category'], SystemFallback> = {
  sans: {
    locals: ['Arial', 'Liberation Sans', 'Arimo'],
    metrics: { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 904 },
  },
  serif: {
    locals: ['Times New Roman', 'Liberation Serif', 'Tinos'],
    metrics: { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, xWidthAvg: 819 },
  },
  mono: {
    locals: ['Courier New', 'Liberation Mono', 'Cousine'],
    metrics: { unitsPerEm: 2048, ascent: 1705, descent: -615, lineGap: 0, xWidthAvg: 1229 },
  },
};
