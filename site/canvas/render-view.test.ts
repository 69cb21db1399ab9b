import { describe, expect, it } from 'vitest';
import type { Theme } from '../../core/designs/index.ts';
import { menuClass, nodeClass } from '../../styles/class-names.ts';
import type { RenderMessage } from './admin-messages.ts';
import { canvasCss, uploadedFontFaces } from './canvas-css.ts';
import { renderView } from './render-view.ts';
import { SAMPLE, sampleMessage } from './sample-message.ts';

// The canvas's render in Node: the same components, rendered to a string by hono/jsx (the browser
// renders the same elements with hono/jsx/dom; canvas-in-chromium.test.ts checks that side).

const page = (id: string) => nodeClass({ kind: 'page', key: 'blog-post' }, id);
const layout = (id: string) => nodeClass({ kind: 'layout', key: 'default' }, id);
const hero = (id: string) => nodeClass({ kind: 'block', key: 'hero', variant: 'centered' }, id);

/** The drawn body as HTML (a node's element renders to a string synchronously). */
function html(message: RenderMessage): string {
  return String(renderView(message).body);
}

function withView(view: unknown): RenderMessage {
  return { ...sampleMessage(), view } as RenderMessage;
}

describe('the canvas render', () => {
  it('draws the document in its page design inside its layout, with the sample content', () => {
    const out = html(sampleMessage());
    expect(out).toContain(`<h1 class="${page('title')}">Roasting at altitude</h1>`);
    expect(out).toContain(`<p class="${page('date')}">March 18, 2026</p>`);
    expect(out).toContain(`<h2 class="${hero('h')}">Fresh from the roaster</h2>`);
    expect(out).toContain(`href="https://example.org/shop">Shop</a>`);
    expect(out).toContain(`<p>Dense beans take heat slowly.</p>`);
    // Layout around it: the logo from the sample assets, the menu in its design, breadcrumbs, footer.
    expect(out).toMatch(new RegExp(`^<div class="${layout('layout')}"><header class="${layout('header')}">`));
    expect(out).toContain('src="https://media.example/media/0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a/card.png"');
    expect(out).toContain(`class="${layout('nav')} ${menuClass('top-bar', 'root')}"`);
    expect(out).toContain('<a href="/beans">Beans</a>');
    expect(out).toContain('<li><a href="/news">News</a></li>');
    expect(out).toContain(`<p class="${layout('footer')}">Morgenrot Coffee</p>`);
    expect(renderView(sampleMessage()).warnings).toEqual([]);
  });

  it('links like the site: the locale prefix, the home document at the root', () => {
    const m = sampleMessage();
    m.locale = 'de';
    m.content.documents = [
      { id: SAMPLE.homeId, type: 'blog-post', title: 'Start', permalink: 'start', fields: {} },
    ];
    const out = html(m);
    expect(out).toContain('<input type="hidden" name="_page" value="/de/news/roasting-at-altitude"/>');
    expect(out).toContain('<a href="/de/beans">Beans</a>');
    expect(out).toContain(`<a class="${layout('logo')}" href="/de">`);
  });

  it('draws the page in another layout, or alone', () => {
    const m = sampleMessage();
    m.designs.push({
      kind: 'layout',
      key: 'bare',
      published: { root: { id: 'frame', el: 'box', children: [{ id: 'slot', el: 'slot' }] } },
    });
    const bare = nodeClass({ kind: 'layout', key: 'bare' }, 'frame');
    expect(html({ ...m, view: { kind: 'page', layout: 'bare' } })).toMatch(
      new RegExp(`^<div class="${bare}"><main class="[^"]+" id="main"><article class="${page('article')}">`),
    );
    expect(html(withView({ kind: 'page', layout: null }))).toMatch(
      new RegExp(`^<article class="${page('article')}">`),
    );
    expect(() => renderView(withView({ kind: 'page', layout: 'nope' }))).toThrow('no layout "nope"');
  });

  it('draws one block in the variant it chose, or one menu in a menu design', () => {
    const block = {
      blockId: 'b1',
      type: 'hero',
      fields: { image: SAMPLE.asset },
      design: { variant: 'imageLeft', style: null },
    };
    const grid = nodeClass({ kind: 'block', key: 'hero', variant: 'imageLeft' }, 'hero');
    const out = html(withView({ kind: 'block', block }));
    expect(out).toMatch(new RegExp(`^<div class="${grid}"><img class="[^"]+" src="https://media.example/`));
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    const menu = html(withView({ kind: 'menu', menu: 'main', design: 'top-bar' }));
    expect(menu).toMatch(
      new RegExp(`^<nav class="[^"]+ ${menuClass('top-bar', 'root')}" data-island="menu"`),
    );
    expect(html(withView({ kind: 'menu', menu: 'main' }))).toContain(`class="${menuClass(null, 'menu')}"`);
  });

  it('reports design errors per node, once, and draws the rest', () => {
    const m = sampleMessage();
    const root = (m.designs[3] as any).published.root;
    root.children.push(
      { id: 'ghost', el: 'text', bind: { field: 'nope' } },
      { id: 'ghost2', el: 'text', bind: { field: 'nope' } },
    );
    const view = renderView(m);
    expect(view.warnings).toEqual([
      { node: { kind: 'page', key: 'blog-post', id: 'ghost' }, message: 'bind: no field "nope"' },
      { node: { kind: 'page', key: 'blog-post', id: 'ghost2' }, message: 'bind: no field "nope"' },
    ]);
    expect(html(m)).toContain('Roasting at altitude');
  });

  it('generates the designs nobody stored, as the site does', () => {
    const m = sampleMessage();
    m.designs = m.designs.filter((d) => d.kind === 'theme');
    const out = html(m);
    expect(out).toContain('Roasting at altitude');
    expect(out).toContain('Fresh from the roaster');
    expect(renderView(m).bundle.records.map((r) => `${r.kind}/${r.key}`)).toEqual(
      expect.arrayContaining(['layout/default', 'page/blog-post', 'block/hero']),
    );
  });

  it('refuses a document whose type has neither fields nor a page design', () => {
    const m = sampleMessage();
    m.content.document.type = 'recipe';
    expect(() => renderView(m)).toThrow('no page design for the content type "recipe"');
  });
});

describe('the canvas stylesheet', () => {
  it('is the site stylesheet source for the message’s designs, generated ones included', () => {
    const m = sampleMessage();
    const view = renderView(m);
    const css = canvasCss(view.bundle, view.assets);
    expect(css.startsWith('@layer reset,theme,design,instance,custom;')).toBe(true);
    expect(css).toContain('--color-primary:#2449b5');
    expect(css).toContain(`.${page('article')}{`);
    expect(css).toContain(`.${hero('cta')}:hover{`);
  });

  it('loads uploaded fonts from the assets the message carries, and leaves out the others', () => {
    const font = (assetId: string, weight: number) => ({ assetId, weight, style: 'normal' as const });
    const theme = {
      fonts: {
        body: { family: 'House Sans', uploaded: [font('a1', 400), font('a2', 700)] },
        heading: { family: 'House Sans', uploaded: [font('a1', 400), font('a2', 700)] },
        mono: { family: 'JetBrains Mono' },
      },
    } as unknown as Theme;
    expect(
      uploadedFontFaces(theme, (id) => (id === 'a1' ? 'https://media.example/a1.woff2' : undefined)),
    ).toBe(
      '@font-face{font-family:"House Sans";font-style:normal;font-weight:400;font-display:swap;' +
        'src:url("https://media.example/a1.woff2") format("woff2")}',
    );
  });
});
