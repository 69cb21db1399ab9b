import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a website process's heap grow past its live data before a full collection
 * (`SITE_HEAP_GROWTH_PERCENT`; docs/operations.md, "Memory of the process"). V8 picks the factor itself, up to
 * 4× on a machine with memory to spare: one process holding the bounded state of 10,000 sites (about 490 MB
 * live) reached 1.7 GB of RSS, mostly garbage (issue 42). Unlike a heap limit, which V8 fixes at start and which
 * stops a process whose live data outgrows it, the factor is read at every collection, so the process sets it
 * itself; it only makes full collections come sooner. 0 leaves V8's choice (and a `--heap-growing-percent` given
 * to node).
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
