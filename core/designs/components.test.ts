import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { componentSchemas, PROP_KIND_META, parseLeniently, propKind } from './components.ts';
import { treeSchema } from './node-tree.ts';

const tree = treeSchema({ slot: 'none' });
const image = z.string().meta({ [PROP_KIND_META]: 'image' });
const props = z.object({
  dose: z.number().min(1),
  title: z.string().optional(),
  photo: image.optional(),
  mode: z.enum(['a', 'b']).optional(),
});

const page = (component: Record<string, unknown>) => ({
  id: 'root',
  el: 'box',
  children: [{ id: 'c1', el: 'component', component: 'brew-ratio', ...component }],
});

function problems(value: unknown): { path: string; message: string }[] {
  const parsed = tree.safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

afterEach(() => componentSchemas.delete('brew-ratio'));

describe('component nodes in a design', () => {
  it('accepts a registered component with valid props and bindings', () => {
    componentSchemas.set('brew-ratio', { props, children: false });
    expect(problems(page({ props: { dose: 18 }, bindings: { title: { field: '$title' } } }))).toEqual([]);
  });

  it('refuses an unknown component by its name', () => {
    expect(problems(page({ props: {} }))).toEqual([
      { path: 'children.0.component', message: 'unknown component "brew-ratio"' },
    ]);
  });

  it('refuses bad props, bindings of unbindable props and children without a slot', () => {
    componentSchemas.set('brew-ratio', { props, children: false });
    const found = problems(
      page({
        props: { dose: 0 },
        bindings: { mode: { field: 'kind' }, nope: { field: 'x' } },
        children: [{ id: 't', el: 'divider' }],
      }),
    ).map((p) => p.path);
    expect(found.sort()).toEqual(
      [
        'children.0.bindings.mode',
        'children.0.bindings.nope',
        'children.0.children',
        'children.0.props.dose',
      ].sort(),
    );
  });

  it('takes a bound required prop as given, and anything in a lenient parse', () => {
    componentSchemas.set('brew-ratio', { props, children: false });
    expect(problems(page({ bindings: { dose: { field: 'dose' } } }))).toEqual([]);
    expect(parseLeniently(() => tree.safeParse(page({ component: 'gone', props: { x: 1 } })).success)).toBe(
      true,
    );
    expect(problems(page({ component: 'gone' }))).toHaveLength(1);
  });

  it('tells string, number, image and other props apart through optional and default', () => {
    expect(propKind(z.string().optional())).toBe('string');
    expect(propKind(z.number().default(2))).toBe('number');
    expect(propKind(image.optional())).toBe('image');
    expect(propKind(z.enum(['a']))).toBe('other');
  });
});
