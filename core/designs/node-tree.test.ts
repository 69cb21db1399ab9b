import { describe, expect, it } from 'vitest';
import { firstIssue, firstIssuePath } from './issue-path.ts';
import { MAX_TREE_DEPTH, treeSchema, walkNodes } from './node-tree.ts';
import type { DesignNode } from './nodes.ts';

const page = treeSchema({ slot: 'none' });
const layout = treeSchema({ slot: 'one' });
const box = (id: string, children: unknown[] = []) => ({ id, el: 'box', children });

describe('treeSchema', () => {
  it('accepts a layout with one slot', () => {
    expect(firstIssue(layout.safeParse(box('root', [box('h'), { id: 's', el: 'slot' }])))).toBeNull();
  });

  it('refuses a layout without slot and with two', () => {
    expect(firstIssue(layout.safeParse(box('root', [box('h')])))).toEqual({
      path: '',
      message: 'a layout holds exactly one slot, found none',
    });
    const two = box('root', [{ id: 's1', el: 'slot' }, box('b', [{ id: 's2', el: 'slot' }])]);
    expect(firstIssuePath(layout.safeParse(two))).toBe('children[1].children[0]');
  });

  it('refuses a slot outside layouts', () => {
    expect(firstIssuePath(page.safeParse(box('root', [{ id: 's', el: 'slot' }])))).toBe('children[0].el');
  });

  it('refuses a duplicate node id with the path of the second', () => {
    const r = page.safeParse(box('root', [box('a'), box('b', [box('a')])]));
    expect(firstIssue(r)).toEqual({ path: 'children[1].children[0].id', message: 'duplicate node id "a"' });
  });

  it('keeps form parts inside a form with a submit button and unique names', () => {
    const field = (id: string, name: string) => ({
      id,
      el: 'formField',
      props: { name, label: name, type: 'text' },
    });
    const submit = { id: 'go', el: 'formSubmit' };
    const form = (children: unknown[]) => ({ id: 'f', el: 'form', props: { key: 'contact' }, children });
    expect(firstIssue(page.safeParse(box('root', [form([field('a', 'name'), submit])])))).toBeNull();
    expect(firstIssuePath(page.safeParse(box('root', [field('a', 'name')])))).toBe('children[0].el');
    expect(
      firstIssuePath(page.safeParse(box('root', [form([field('a', 'x'), field('b', 'x'), submit])]))),
    ).toBe('children[0].children[1].props.name');
    expect(firstIssuePath(page.safeParse(form([field('a', 'x')])))).toBe('children');
    expect(firstIssuePath(page.safeParse(form([submit, { ...form([]), id: 'g' }])))).toBe('children[1].el');
  });

  it('keeps a block inside a blocks node', () => {
    const blocks = {
      id: 'bs',
      el: 'blocks',
      props: { field: 'content' },
      children: [box('w', [{ id: 'b', el: 'block' }])],
    };
    expect(firstIssue(page.safeParse(blocks))).toBeNull();
    expect(firstIssuePath(page.safeParse(box('root', [{ id: 'b', el: 'block' }])))).toBe('children[0].el');
  });

  it('refuses links, images and embeds with nothing to show', () => {
    expect(firstIssuePath(page.safeParse(box('r', [{ id: 'l', el: 'link', props: { text: 'x' } }])))).toBe(
      'children[0].props.href',
    );
    expect(firstIssuePath(page.safeParse(box('r', [{ id: 'i', el: 'image' }])))).toBe(
      'children[0].props.assetId',
    );
    expect(firstIssuePath(page.safeParse(box('r', [{ id: 'e', el: 'embed' }])))).toBe(
      'children[0].props.provider',
    );
    expect(
      firstIssue(page.safeParse(box('r', [{ id: 'e', el: 'embed', bind: { field: 'video' } }]))),
    ).toBeNull();
  });

  it('refuses trees nested too deep before parsing them', () => {
    let deep: unknown = box('leaf');
    for (let i = 0; i < 10_000; i++) deep = box(`n${i}`, [deep]);
    expect(firstIssue(page.safeParse(deep))?.message).toBe(`nodes nest at most ${MAX_TREE_DEPTH} deep`);
  });
});

describe('walkNodes', () => {
  it('visits depth first with paths and ancestors', () => {
    const root = box('r', [box('a', [box('b')]), box('c')]) as DesignNode;
    const seen: string[] = [];
    walkNodes(root, (n, path, anc) =>
      seen.push(`${n.id}@${path.join('.')}^${anc.map((a) => a.id).join('')}`),
    );
    expect(seen).toEqual(['r@^', 'a@children.0^r', 'b@children.0.children.0^ra', 'c@children.1^r']);
  });
});
