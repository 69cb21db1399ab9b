import { describe, expect, it } from 'vitest';
import type { DesignNode } from '../../core/designs/index.ts';
import { renderView } from '../../site/canvas/render-view.ts';
import { sampleMessage } from '../../site/canvas/sample-message.ts';
import { replaceComponents } from '../../site/components/register.ts';
import { registerComponentKind } from '../../site/render/nodes/component.tsx';
import { nodeRegistry } from '../../site/render/registry.ts';
import { brewRatio } from './brew-ratio.tsx';

// The demo places brew-ratio on the coffee pages without a title: each language gets the heading in its words.
// The canvas has no component kind of its own (site/render/nodes/component.tsx says why): add it once.
registerComponentKind(nodeRegistry);
replaceComponents([brewRatio]);

function drawn(locale: string, props: Record<string, unknown>): string {
  const message = sampleMessage();
  message.locale = locale;
  const node: DesignNode = { id: 'calc', el: 'component', component: 'brew-ratio', props };
  for (const d of message.designs as unknown as { kind: string; published: { root: unknown } }[]) {
    if (d.kind === 'page') d.published.root = { id: 'page', el: 'stack', children: [node] };
  }
  const view = renderView(message);
  expect(view.warnings).toEqual([]);
  return String(view.body);
}

describe('the demo brew-ratio component', () => {
  it('titles itself in the language of the page when no title is set, and shows a title that is', () => {
    expect(drawn('en', {})).toContain('<h2>Brew ratio</h2>');
    expect(drawn('de', {})).toContain('<h2>Brühverhältnis</h2>');
    expect(drawn('de', { title: 'Dein Aufguss' })).toContain('<h2>Dein Aufguss</h2>');
    expect(drawn('de', {})).toContain('Kaffee (g)');
  });
});
