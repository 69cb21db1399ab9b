import { describe, expect, expectTypeOf, it } from 'vitest';
import { firstIssue, firstIssuePath } from './issue-path.ts';
import { type DesignNode, NODE_KINDS, type NodeOfKind, nodeSchema } from './nodes.ts';

const ASSET = '0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a';

describe('nodeSchema', () => {
  it('knows the 27 kinds of the spec', () => {
    expect(NODE_KINDS).toHaveLength(27);
  });

  it.each<[string, Record<string, unknown>]>([
    ['box', { tag: 'aside' }],
    ['stack', { tag: 'nav' }],
    ['grid', {}],
    ['section', { tag: 'main' }],
    ['spacer', { size: 'space:8' }],
    ['divider', {}],
    ['text', { text: { en: 'Hello', de: 'Hallo' }, tag: 'small' }],
    ['heading', { level: 3, text: 'Title' }],
    [
      'image',
      {
        assetId: ASSET,
        alt: 'A cat',
        variant: 'card',
        sizes: '(max-width: 639px) calc(100vw - 3rem), 50vw',
        loading: 'lazy',
        fit: 'cover',
      },
    ],
    ['video', { assetId: ASSET, poster: ASSET, autoplay: true, muted: true, loop: true }],
    ['link', { href: '/about', text: 'About', target: '_self' }],
    ['button', { href: 'mailto:hi@example.com', text: 'Write' }],
    ['embed', { provider: 'vimeo', id: '76979871', title: 'Our film' }],
    ['icon', { name: 'arrow-right', label: 'Next' }],
    ['menu', { menu: 'main', design: 'top-bar' }],
    ['logo', { assetId: ASSET }],
    ['localeSwitch', { display: 'code' }],
  ])('accepts %s props', (el, props) => {
    expect(firstIssue(nodeSchema.safeParse({ id: 'n1', el, props }))).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['an unknown kind', { id: 'n', el: 'iframe' }, 'el'],
    ['a bad id', { id: 'n 1', el: 'box' }, 'id'],
    ['an unknown node key', { id: 'n', el: 'box', className: 'x' }, 'className'],
    ['a tag outside the allow-list', { id: 'n', el: 'box', props: { tag: 'script' } }, 'props.tag'],
    ['an unknown prop', { id: 'n', el: 'box', props: { onclick: 'x' } }, 'props.onclick'],
    ['a heading level 7', { id: 'n', el: 'heading', props: { level: 7 } }, 'props.level'],
    ['a heading without level', { id: 'n', el: 'heading', props: { text: 'x' } }, 'props.level'],
    ['a javascript: href', { id: 'n', el: 'link', props: { href: 'javascript:alert(1)' } }, 'props.href'],
    ['a data: href', { id: 'n', el: 'button', props: { href: 'data:text/html,x' } }, 'props.href'],
    ['a bad target', { id: 'n', el: 'link', props: { href: '/', target: '_top' } }, 'props.target'],
    [
      'an embed URL as id',
      { id: 'n', el: 'embed', props: { provider: 'youtube', id: 'https://evil.test/x' } },
      'props.id',
    ],
    ['an embed URL prop', { id: 'n', el: 'embed', props: { url: 'https://evil.test/x' } }, 'props.provider'],
    [
      'an unknown provider',
      { id: 'n', el: 'embed', props: { provider: 'twitch', id: 'x' } },
      'props.provider',
    ],
    ['an unknown icon', { id: 'n', el: 'icon', props: { name: 'skull' } }, 'props.name'],
    ['bad image sizes', { id: 'n', el: 'image', props: { sizes: '100vw" onerror="x' } }, 'props.sizes'],
    [
      'a sizes calc() with more than a sum',
      { id: 'n', el: 'image', props: { sizes: 'calc(100vw - 1rem - 2px)' } },
      'props.sizes',
    ],
    [
      'autoplay with sound',
      { id: 'n', el: 'video', props: { assetId: ASSET, autoplay: true } },
      'props.autoplay',
    ],
    ['children of a leaf', { id: 'n', el: 'heading', props: { level: 2 }, children: [] }, 'children'],
    ['a binding on a container', { id: 'n', el: 'box', bind: { field: 'x' } }, 'bind'],
    [
      'a select without options',
      { id: 'n', el: 'formField', props: { name: 'a', label: 'A', type: 'select' } },
      'props.options',
    ],
    [
      'options on a text field',
      {
        id: 'n',
        el: 'formField',
        props: { name: 'a', label: 'A', type: 'text', options: [{ value: 'x', label: 'X' }] },
      },
      'props.options',
    ],
    [
      'a bad field name',
      { id: 'n', el: 'formField', props: { name: 'First Name', label: 'A', type: 'text' } },
      'props.name',
    ],
    [
      'an unknown field type',
      { id: 'n', el: 'formField', props: { name: 'a', label: 'A', type: 'file' } },
      'props.type',
    ],
    [
      'maxLength on a checkbox',
      { id: 'n', el: 'formField', props: { name: 'a', label: 'A', type: 'checkbox', maxLength: 3 } },
      'props.maxLength',
    ],
    ['a repeat without field', { id: 'n', el: 'repeat', props: {} }, 'props.field'],
    ['a menu without menu', { id: 'n', el: 'menu' }, 'props'],
    [
      'a deep raw colour',
      { id: 'n', el: 'box', children: [{ id: 'm', el: 'text', style: { base: { color: 'red' } } }] },
      'children[0].style.base.color',
    ],
    [
      'a bad visibility',
      { id: 'n', el: 'box', visibility: { breakpoints: ['print'] } },
      'visibility.breakpoints[0]',
    ],
  ])('refuses %s', (_, node, path) => {
    expect(firstIssuePath(nodeSchema.safeParse(node))).toBe(path);
  });

  it('types nodes by kind', () => {
    expectTypeOf<NodeOfKind<'heading'>['props']['level']>().toEqualTypeOf<number>();
    expectTypeOf<NodeOfKind<'box'>['children']>().toEqualTypeOf<DesignNode[] | undefined>();
    expectTypeOf<NodeOfKind<'embed'>>().not.toHaveProperty('children');
  });
});
