/**
 * The CPU slowdown that makes this host emulate Lighthouse's mobile device, from the host's benchmark index
 * (Lighthouse's `computeBenchmarkIndex`; higher is faster). Lighthouse's default of 4x assumes a host of index
 * about 1533; on a slower host 4x emulates a slower phone than the preset names, on a faster one a faster
 * phone. The formula is Lighthouse's own calculator (github.com/patrickhulce/lighthouse-cpu-throttling-calculator,
 * which its PageSpeed Insights config, core/config/lr-mobile-config.js, cites for its 1.2x): 3x at 1300, plus one
 * per 233 above; 2x at 800 rising to 3x at 1300; 1x at 150 rising to 2x at 800. Never below 1.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`no benchmark index: ${benchmarkIndex}`);
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.max(1, Math.round(multiplier * 100) / 100);
}
