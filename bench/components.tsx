/**
 * Render cost of code components (issue 38): one page of 20 component nodes against the same page made of
 * built-in nodes, both rendering the same markup (a heading, a paragraph and a bound title), through the
 * canvas's pure render (site/canvas/render-view.ts) so no database or cache is measured. Prints the medians
 * and their ratio; the target is a ratio within 1.10.
 *
 *   flock /work/bench.lock node bin/run-ts.mjs bench/components.tsx [renders]
 */
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import type { DesignNode } from '../core/designs/index.ts';
import type { RenderMessage } from '../site/canvas/admin-messages.ts';
import { renderView } from '../site/canvas/render-view.ts';
import { sampleMessage } from '../site/canvas/sample-message.ts';
import { defineComponent } from '../site/components/define.ts';
import { replaceComponents } from '../site/components/register.ts';
import { registerComponentKind } from '../site/render/nodes/component.tsx';
import { nodeRegistry } from '../site/render/registry.ts';

const COUNT = 20;
const renders = Number(process.argv[2] ?? 2000);

const card = defineComponent({
  name: 'bench-card',
  label: 'Card',
  props: z.object({ title: z.string(), text: z.string() }),
  render: (p) => (
    <>
      <h2>{p.title}</h2>
      <p>{p.text}</p>
    </>
  ),
});

function builtin(i: number): DesignNode {
  return {
    id: `n${i}`,
    el: 'box',
    children: [
      { id: `n${i}-h`, el: 'heading', props: { level: 2 }, bind: { field: '$title' } },
      { id: `n${i}-t`, el: 'text', props: { text: 'A line of text' } },
    ],
  };
}

function component(i: number): DesignNode {
  return {
    id: `n${i}`,
    el: 'component',
    component: 'bench-card',
    props: { text: 'A line of text' },
    bindings: { title: { field: '$title' } },
  };
}

function message(node: (i: number) => DesignNode): RenderMessage {
  const m = sampleMessage();
  const children = Array.from({ length: COUNT }, (_, i) => node(i));
  for (const d of m.designs as unknown as { kind: string; published: { root: unknown } }[]) {
    if (d.kind === 'page') d.published.root = { id: 'page', el: 'stack', children };
  }
  return m;
}

function median(message: RenderMessage): number {
  const times: number[] = [];
  for (let i = 0; i < renders; i++) {
    const t = performance.now();
    String(renderView(message).body);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

// The canvas has no component kind of its own (site/render/nodes/component.tsx says why): add it.
registerComponentKind(nodeRegistry);
replaceComponents([card]);
const builtinPage = message(builtin);
const componentPage = message(component);
if (renderView(componentPage).warnings.length > 0) throw new Error('the component page has design errors');
// Warm up both, then alternate so drift in machine load hits both sides alike.
median(builtinPage);
median(componentPage);
const a: number[] = [];
const b: number[] = [];
for (let round = 0; round < 5; round++) {
  a.push(median(builtinPage));
  b.push(median(componentPage));
}
const mid = (xs: number[]) => [...xs].sort((x, y) => x - y)[2]!;
const [base, comp] = [mid(a), mid(b)];
process.stdout.write(
  `${COUNT} nodes, median of ${renders} renders × 5 rounds\n` +
    `  built-in nodes   ${(base * 1000).toFixed(1)} µs\n` +
    `  code components  ${(comp * 1000).toFixed(1)} µs\n` +
    `  ratio            ${(comp / base).toFixed(3)}\n`,
);
