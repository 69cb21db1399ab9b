import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { designsSchema } from './designs.ts';
import { validDesigns } from './fixtures.ts';
import { firstIssue, firstIssuePath } from './issue-path.ts';

// Validated the way the importer nests it, so paths read as they do in import errors.
const file = z.object({ designs: designsSchema });
type Loose = any;

function broken(change: (d: Loose[]) => void): string | null {
  const designs = validDesigns();
  change(designs);
  return firstIssuePath(file.safeParse({ designs }));
}

describe('designsSchema', () => {
  it('accepts the fixture designs, and none at all', () => {
    expect(firstIssue(file.safeParse({ designs: validDesigns() }))).toBeNull();
    expect(designsSchema.safeParse([]).success).toBe(true);
  });

  it('names the raw CSS value deep in a tree', () => {
    const path = broken((d) => {
      d[2].published.root.children[0].style.base.color = 'red; background: url(x)';
    });
    expect(path).toBe('designs[2].published.root.children[0].style.base.color');
  });

  it('names an unknown style key', () => {
    expect(broken((d) => (d[3].published.root.style.base.float = 'left'))).toBe(
      'designs[3].published.root.style.base.float',
    );
  });

  it('names a javascript: href', () => {
    const path = broken((d) => {
      d[4].published.variants.centered.root.children[1].props = { href: 'javascript:alert(1)' };
    });
    expect(path).toBe('designs[4].published.variants.centered.root.children[1].props.href');
  });

  it('names an embed given as a URL', () => {
    const path = broken(
      (d) => (d[4].published.variants.imageLeft.root.children[1].props.id = 'https://evil.test/embed'),
    );
    expect(path).toBe('designs[4].published.variants.imageLeft.root.children[1].props.id');
  });

  it('names a duplicate node id', () => {
    expect(broken((d) => (d[3].published.root.children[2].id = 'title'))).toBe(
      'designs[3].published.root.children[2].id',
    );
  });

  it('refuses two records of one kind and key', () => {
    expect(
      broken((d) => d.push({ kind: 'menu', key: 'top-bar', published: { variant: 'bar', depth: 1 } })),
    ).toBe('designs[6].key');
    expect(broken((d) => d.push(structuredClone(d[0])))).toBe('designs[6].key');
    expect(broken((d) => d.push({ kind: 'site', key: 'default', published: {} }))).toBe('designs[6].key');
  });

  it('refuses a page on a layout that does not exist', () => {
    expect(broken((d) => (d[3].published.layout = 'wide'))).toBe('designs[3].published.layout');
    expect(
      broken((d) => d.push({ kind: 'layout', key: 'wide', published: { root: { id: 's', el: 'slot' } } })),
    ).toBeNull();
  });

  it('refuses a menu design that does not exist', () => {
    expect(broken((d) => (d[2].published.root.children[0].children[1].props.design = 'mega'))).toBe(
      'designs[2].published.root.children[0].children[1].props.design',
    );
    expect(broken((d) => (d[1].published.headerMenuDesign = 'mega'))).toBe(
      'designs[1].published.headerMenuDesign',
    );
  });

  it('refuses tokens the theme does not define', () => {
    expect(broken((d) => (d[3].published.root.style.base.gap = 'space:99'))).toBe(
      'designs[3].published.root.style.base.gap',
    );
    expect(broken((d) => (d[5].published.styles.current.base.color = 'color:brand'))).toBe(
      'designs[5].published.styles.current.base.color',
    );
    expect(broken((d) => (d[0].published.textStyles.h1.color = 'color:ink'))).toBe(
      'designs[0].published.textStyles.h1.color',
    );
  });

  it('checks spacer sizes and gradient stops', () => {
    const spacer = { id: 'gap', el: 'spacer', props: { size: 'space:99' } };
    expect(broken((d) => d[3].published.root.children.push(spacer))).toBe(
      'designs[3].published.root.children[6].props.size',
    );
    expect(
      broken(
        (d) =>
          (d[4].published.variants.centered.root.style.base.backgroundImage.stops[1].color = 'color:sky'),
      ),
    ).toBe('designs[4].published.variants.centered.root.style.base.backgroundImage.stops[1].color');
  });

  it('resolves tokens against the default theme when no theme is stored', () => {
    expect(broken((d) => d.shift())).toBeNull();
  });

  it('lets a draft theme define tokens a draft design uses', () => {
    const path = broken((d) => {
      d[0].draft = structuredClone(d[0].published);
      d[0].draft.colors.brand = '#123456';
      d[3].draft = structuredClone(d[3].published);
      d[3].draft.root.style.base.backgroundColor = 'color:brand';
    });
    expect(path).toBeNull();
    const published = broken((d) => {
      d[0].draft = structuredClone(d[0].published);
      d[0].draft.colors.brand = '#123456';
      d[3].published.root.style.base.backgroundColor = 'color:brand';
    });
    expect(published).toBe('designs[3].published.root.style.base.backgroundColor');
  });

  it('reads text that says "color:ink" as text, not a token, even in a variant named style', () => {
    expect(broken((d) => (d[3].published.root.children[0].props.text = 'color:ink'))).toBeNull();
    const variants = (d: Loose[]) => d[4].published.variants;
    expect(
      broken((d) => {
        variants(d).style = structuredClone(variants(d).centered);
        variants(d).style.root.children[0] = {
          id: 'h',
          el: 'heading',
          props: { level: 2, text: 'color:ink' },
        };
      }),
    ).toBeNull();
  });
});
