/**
 * Render cost of code components (issue 38): one page of 20 component nodes against the same page made of
 * built-in nodes, both rendering the same markup (a heading, a paragraph and a bound title), through the
 * canvas's pure render (site/canvas/render-view.ts) so no database or cache is measured. A part of
 * `npm run bench` (alone: `npm run bench -- --only components`); the target is a ratio within 1.10.
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
const ROUNDS = 5;

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

function median(message: RenderMessage, renders: number): number {
  const times: number[] = [];
  for (let i = 0; i < renders; i++) {
    const t = performance.now();
    String(renderView(message).body);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export interface ComponentCost {
  nodes: number;
  renders: number;
  rounds: number;
  /** The middle round's median render time, in µs. */
  builtinUs: number;
  componentUs: number;
  /** componentUs / builtinUs, and each round's ratio. */
  ratio: number;
  ratios: number[];
}

/** Renders both pages `renders` times per round, the sides alternating so drift in load hits both alike. */
export function componentCost(renders = 2000): ComponentCost {
  // The canvas has no component kind of its own (site/render/nodes/component.tsx says why): add it.
  registerComponentKind(nodeRegistry);
  replaceComponents([card]);
  const builtinPage = message(builtin);
  const componentPage = message(component);
  if (renderView(componentPage).warnings.length > 0) throw new Error('the component page has design errors');
  median(builtinPage, renders);
  median(componentPage, renders);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(median(builtinPage, renders));
    b.push(median(componentPage, renders));
  }
  const mid = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)]!;
  const [base, comp] = [mid(a), mid(b)];
  return {
    nodes: COUNT,
    renders,
    rounds: ROUNDS,
    builtinUs: base * 1000,
    componentUs: comp * 1000,
    ratio: comp / base,
    ratios: a.map((x, i) => b[i]! / x),
  };
}

/** The section of bench/results.md. */
export function componentSection(cost: ComponentCost): string[] {
  const range = `${Math.min(...cost.ratios).toFixed(2)}–${Math.max(...cost.ratios).toFixed(2)}`;
  const ok = cost.ratio <= 1.1 ? ' ✓' : '';
  return [
    '',
    '## Code components: render cost (issue 38)',
    '',
    `One page of ${cost.nodes} nodes through the canvas's pure render (site/canvas/render-view.ts; no reads), once as ${cost.nodes} code components (\`bench-card\`: a bound heading and a text, props parsed by zod at render) and once as the same markup of built-in nodes (a box with a bound heading and a text), in the bench's own process (CPU 1): the median of ${cost.renders} renders per round, ${cost.rounds} rounds alternating, the middle round shown; the ratio's range over the rounds in brackets.`,
    '',
    '| page of 20 nodes | median µs | ratio | target |',
    '|---|---:|---:|---|',
    `| built-in nodes | ${cost.builtinUs.toFixed(1)} | | |`,
    `| code components | ${cost.componentUs.toFixed(1)} | ${cost.ratio.toFixed(2)}${ok} (${range}) | ≤ 1.10 |`,
  ];
}
