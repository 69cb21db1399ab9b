import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../core/errors/app-error.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { checkDraft } from '../procedures/design-validation.ts';
import { siteFixture } from '../testing/site-fixture.ts';
import { plugins } from '../testing/site-harness.ts';
import { defineComponent } from './define.ts';
import { replaceComponents } from './register.ts';

const ratio = defineComponent({
  name: 'brew-ratio',
  label: 'Brew ratio',
  props: z.object({ dose: z.number().min(1) }),
  render: (p) => String(p.dose),
});

const draft = (node: Record<string, unknown>) => ({
  layout: 'default',
  root: { id: 'root', el: 'box', children: [{ id: 'c', el: 'component', ...node }] },
});

function refusal(fn: () => void): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

afterEach(() => replaceComponents([]));

describe('component nodes at designs.saveDraft and import', () => {
  it('saves a registered component with valid props', () => {
    replaceComponents([ratio]);
    expect(() =>
      checkDraft([], 'page', 'page', draft({ component: 'brew-ratio', props: { dose: 18 } })),
    ).not.toThrow();
  });

  it('refuses an unknown component and a bad prop with designs.invalid and the path', () => {
    replaceComponents([ratio]);
    const unknown = refusal(() => checkDraft([], 'page', 'page', draft({ component: 'pricing-table' })));
    expect(unknown.key).toBe('designs.invalid');
    expect(unknown.message).toContain('draft.root.children.0.component: unknown component "pricing-table"');
    const bad = refusal(() =>
      checkDraft([], 'page', 'page', draft({ component: 'brew-ratio', props: { dose: 0 } })),
    );
    expect(bad.message).toContain('draft.root.children.0.props.dose');
  });

  it('refuses a space file whose design names an unknown component, by name', () => {
    const space = siteFixture() as Record<string, any>;
    const page = space.website.designs.find((d: { kind: string }) => d.kind === 'page');
    page.published.root.children.push({ id: 'ratio', el: 'component', component: 'pricing-table' });
    expect(() => parseSpaceFile(space, plugins)).toThrow(/unknown component "pricing-table"/);
  });
});
