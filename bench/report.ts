import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { AuthoringPoint } from './authoring.ts';
import type { CpuSplit } from './cpu-time.ts';
import type { uncachedAndRender } from './hot-paths.ts';
import { median, type Row } from './measuring.ts';
import { WARM_UP as PUBLISH_WARM_UP, type PublishTimings } from './publish.ts';
import {
  CONNECTIONS,
  hasTaskset,
  hasWrk,
  RENDERS,
  ROUND_SECONDS,
  ROUNDS,
  root,
  UNCACHED_WARM_UP,
} from './settings.ts';
import type { listCurve, SizePoint } from './size-curve.ts';

/** bench/results.md: the tables of one run. */
export function report(
  rows: Row[],
  render: Awaited<ReturnType<typeof uncachedAndRender>>,
  list: Awaited<ReturnType<typeof listCurve>>,
  database: string,
  edge?: { p50: number; p99: number; count: number },
  publish?: PublishTimings,
  /** `--only authoring`'s own space; a full run's is the size curve's largest. */
  authoringOnly?: AuthoringPoint,
): string {
  const f0 = (n: number) => n.toFixed(0);
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `- machine: ${cpus()[0]?.model.trim()}, ${cpus().length} CPUs; node ${process.version}; ${database}`,
    `- ${hasTaskset ? `servers pinned to CPU 0, load (${hasWrk ? 'wrk, one thread' : 'autocannon'}) to CPU 1` : `no taskset: servers and load (${hasWrk ? 'wrk' : 'autocannon'}) share the CPUs`}; ${CONNECTIONS} connections; 2 s warm-up, then ${ROUNDS} alternations of Verso and the bare server (the bare server first in every other), ${ROUND_SECONDS} s each; figures are the rounds' medians, the ratio the median of the rounds' ratios (their range in brackets)`,
    '- Verso: `verso serve` per mode on the demo space (rate rules on, raised for the load; no Redis); bare: `node:http` sending the same status, headers and bytes',
    '',
    '| hot path | verso req/s | p50 ms | p99 ms | bare req/s | bare p50 | bare p99 | ratio | target |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const ratio = r.ratios ? median(r.ratios) : undefined;
      const mark = (ok: boolean) => (ok ? ' ✓' : ' ✗');
      const met = r.target && ratio !== undefined ? mark(ratio >= r.target) : '';
      const rpsMet = r.rpsTarget ? mark(r.verso.rps >= r.rpsTarget) : '';
      const target = r.target ? `≥ ${r.target.toFixed(2)}` : r.rpsTarget ? `≥ ${r.rpsTarget} req/s` : '—';
      return `| ${r.path} | ${f0(r.verso.rps)}${rpsMet} | ${r.verso.p50} | ${r.verso.p99} | ${r.bare ? f0(r.bare.rps) : '—'} | ${r.bare?.p50 ?? '—'} | ${r.bare?.p99 ?? '—'} | ${ratio?.toFixed(2) ?? '—'}${met}${r.ratios && r.ratios.length > 1 ? ` (${Math.min(...r.ratios).toFixed(2)}–${Math.max(...r.ratios).toFixed(2)})` : ''} | ${target} |`;
    }),
    '',
    ...rows.map((r) => `- ${r.path}: ${r.detail}`),
  ];
  if (edge) {
    lines.push(
      '',
      '## Publish to live through Varnish',
      '',
      `From the \`content.unpublish\`/\`content.publish\` call to Varnish answering the new state (404 or 200) of the blog post, alternating, ${edge.count} changes; a website and a management process on PostgreSQL and Redis, \`EDGE_CACHE=varnish\`: p50 ${edge.p50} ms, p99 ${edge.p99} ms.`,
    );
  }
  if (render.length) {
    lines.push(
      '',
      '## Pure render time by page size',
      '',
      `The demo's blog post with a generated page design of N nodes in the demo layout (render only, no reads); ${RENDERS} renders each. Target: < 5 ms median at 200 nodes.`,
      '',
      '| nodes | HTML | median ms | p95 ms |',
      '|---|---|---|---|',
      ...render.map(
        (r) =>
          `| ${r.nodes} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} |`,
      ),
    );
  }
  if (list.length) {
    const ms = (q: { p50: number; p95: number }) => `${q.p50.toFixed(1)} / ${q.p95.toFixed(1)}`;
    const x = (pick: (p: SizePoint) => { p50: number }, p: SizePoint) =>
      (pick(p).p50 / pick(list[0]!).p50).toFixed(2);
    lines.push(
      '',
      '## Uncached reads by space size, one request at a time',
      '',
      "Answer cache missed (`public --no-cache --miss`: every request reads the database) and page cache missed (`website --no-page-cache --miss`: every page is rendered; designs, menus, breadcrumbs and design assets stay cached until a purge, as in production); a miss is a new address's, through the cache under a key of its own (bench/harness-server.ts). Each size is a database of its own with its own two processes: the demo space grown by generated published blog posts (set-based inserts, then `vacuum analyze`), plus a 12-level chain of pages and 200 more items in the footer menu that every page shows. The sizes take turns, 20 requests one at a time each, so that the machine's drift falls on all of them alike: " +
        `${UNCACHED_WARM_UP} s per size of unmeasured turns (V8 has optimized the path, each pooled connection holds its prepared statements), then 10 measured turns (200 requests per size), ` +
        'p50 / p95 in ms. Targets: list p50 ≤ 2 ms, permalink ≤ 1.5 ms, GraphQL ≤ 5 ms, page ≤ 3 ms, each within 1.5× of the smallest size.',
      '',
      '| generated | delivered | `GET /v1/content?limit=25` | × 1k | REST permalink (12 levels) | × 1k | GraphQL (the bench query) | × 1k | page: blog post | × 1k | page: 12 levels deep | × 1k | generated in |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...list.map(
        (p) =>
          `| ${p.generated} | ${p.documents} | ${ms(p.list)} | ${x((q) => q.list, p)} | ${ms(p.permalink)} | ${x((q) => q.permalink, p)} | ${ms(p.graphql)} | ${x((q) => q.graphql, p)} | ${ms(p.page)} | ${x((q) => q.page, p)} | ${ms(p.deepPage)} | ${x((q) => q.deepPage, p)} | ${p.seconds.toFixed(1)} s |`,
      ),
    );
    if (list.some((p) => Object.values(p.cpu).some(Boolean))) {
      const us = (c: CpuSplit | undefined) =>
        c ? `${f0(c.server)} / ${f0(c.postgres)} / ${f0(c.client)}` : '—';
      lines.push(
        '',
        "Where a request's time goes: CPU per request in µs of the process that answers it / PostgreSQL (all its processes) / this bench's client (node:http), over the measured turns (the kernel's scheduler statistics). On one request at a time they add up to about the p50: each waits for the other.",
        '',
        '| generated | list | REST permalink | GraphQL | page: blog post | page: 12 levels deep |',
        '|---|---|---|---|---|---|',
        ...list.map(
          (p) =>
            `| ${p.generated} | ${us(p.cpu.list)} | ${us(p.cpu.permalink)} | ${us(p.cpu.graphql)} | ${us(p.cpu.page)} | ${us(p.cpu.deepPage)} |`,
        ),
      );
    }
  }
  if (publish) {
    lines.push(
      '',
      '## Publishing across processes',
      '',
      `Three \`verso serve\` processes (management, website, public) on PostgreSQL and Redis; ${publish.count} changes of the blog post, alternating \`content.unpublish\` and \`content.publish\` (after a \`CHECKPOINT\`, ${PUBLISH_WARM_UP} rounds of a page render, a 404 render and a REST read that miss the caches, and 4 unmeasured changes), the post's page and REST permalink cached in the website and public processes before each (bench/publish.ts). Targets: answer p50 ≤ 25 ms, p99 ≤ 60 ms; first fresh page ≤ 5 ms after the answer.`,
      ...publishTable(publish),
    );
    const large = list.find((p) => p.publish);
    if (large?.publish) {
      lines.push(
        '',
        `The same in the largest space of the size curve (${large.documents} delivered documents, the blog post among ${large.generated} siblings), the same targets:`,
        ...publishTable(large.publish),
      );
    }
  }
  const authoring = authoringOnly ?? list.find((p) => p.authoring)?.authoring;
  if (authoring) {
    const t = authoring.timings;
    const mark = (q: { p50: number; p99: number }) => (q.p50 <= 25 && q.p99 <= 60 ? ' ✓' : ' ✗');
    lines.push(
      '',
      '## Authoring in the largest space',
      '',
      `An editor's save and publish of the blog post among ${authoring.generated} generated posts (${authoring.documents} published documents): \`content.update\` (a new title and one field, with the revision read) then \`content.publish\`, one call at a time over \`/rpc\` with an API key, on a management process beside a website and a public one (PostgreSQL and Redis; every purge waits for both); after a \`CHECKPOINT\`, ${t.warmUp} unmeasured pairs, then ${t.pairs} (bench/authoring.ts). Target: each answer p50 ≤ 25 ms, p99 ≤ 60 ms.`,
      '',
      '| | p50 ms | p99 ms | target |',
      '|---|---|---|---|',
      `| \`content.update\` answer | ${t.update.p50} | ${t.update.p99} | ≤ 25 / ≤ 60${mark(t.update)} |`,
      `| \`content.publish\` answer | ${t.publish.p50} | ${t.publish.p99} | ≤ 25 / ≤ 60${mark(t.publish)} |`,
    );
  }
  // The profiles before and after (issue 14) are taken by hand, not by a run: kept in a file of their own.
  const profiles = join(root, 'bench/profiles.md');
  if (existsSync(profiles)) lines.push('', readFileSync(profiles, 'utf8').trimEnd());
  return `${lines.join('\n')}\n`;
}

export function publishTable(t: PublishTimings): string[] {
  return [
    '',
    '| | p50 ms | p99 ms |',
    '|---|---|---|',
    `| procedure answer | ${t.answer.p50} | ${t.answer.p99} |`,
    `| answer → first fresh page (website) | ${t.page.p50} | ${t.page.p99} |`,
    `| answer → first fresh REST answer (public) | ${t.rest.p50} | ${t.rest.p99} |`,
  ];
}
