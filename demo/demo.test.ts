import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../cli/plugins.ts';
import { type DesignNode, designsSchema, walkNodes } from '../core/designs/index.ts';
import { localDiskStorage } from '../core/media/local-disk-storage.ts';
import { exportSpace } from '../core/space-format/export.ts';
import type { FieldDef } from '../core/space-format/field-defs.ts';
import { importSpace } from '../core/space-format/import.ts';
import { parseSpaceFile } from '../core/space-format/validate.ts';
import { migrated, testDatabases } from '../core/testing/databases.ts';
import { demoIds } from './ids.ts';
import { loadDemoProject } from './project.ts';

// The demo space is a fixture of many tests and the first thing a newcomer sees: these checks
// keep it complete (every node kind, every reference resolvable, every asset as declared).

const here = dirname(fileURLToPath(import.meta.url));
const space: any = JSON.parse(readFileSync(join(here, 'space.json'), 'utf8'));
// Its coffee pages carry the demo project's component, which import checks against the registered schema.
beforeAll(() => loadDemoProject());

/** The node kinds listed in spec/designs.md (copied, so a kind dropped from the code is noticed). */
const SPEC_NODE_KINDS = [
  ...['box', 'stack', 'grid', 'section', 'spacer', 'divider'],
  ...['text', 'heading', 'richtext', 'image', 'video', 'link', 'button', 'embed', 'icon'],
  ...['repeat', 'blocks', 'block'],
  ...['form', 'formField', 'formSubmit', 'formMessage'],
  ...['slot', 'menu', 'logo', 'breadcrumbs', 'localeSwitch'],
];

type Fields = Record<string, unknown>;
interface Block {
  blockId: string;
  type: string;
  fields: Fields;
  ext?: { website?: { designId?: string } };
}
interface Version {
  title: string;
  slug: string;
  fields: Fields;
}
interface Doc {
  id: string;
  type: string;
  parentId: string | null;
  locales: Record<string, { published: Version | null; draft: Version | null }>;
}
interface DesignRecord {
  kind: string;
  key: string;
  published: { root?: DesignNode; variants?: Record<string, { root: DesignNode }> };
}

const docs: Doc[] = space.documents;
const docById = new Map(docs.map((d) => [d.id, d]));
const assetIds = new Set<string>(space.assets.map((a: { id: string }) => a.id));
const userIds = new Set<string>(space.users.map((u: { id: string }) => u.id));
const contentTypes = new Map<string, FieldDef[]>(
  space.contentTypes.map((t: { name: string; fields: FieldDef[] }) => [t.name, t.fields]),
);
const blockTypes = new Map<string, FieldDef[]>(
  space.blockTypes.map((t: { name: string; fields: FieldDef[] }) => [t.name, t.fields]),
);
const designs: DesignRecord[] = space.website.designs;
const blockDesign = (type: string) => designs.find((d) => d.kind === 'block' && d.key === type)?.published;

/** Every problem found in a `fields` object: dangling references, disallowed or unknown blocks. */
function fieldProblems(fields: Fields, defs: FieldDef[], path: string): string[] {
  const out: string[] = [];
  const ref = (ok: boolean, p: string, v: unknown) => ok || out.push(`${p}: ${String(v)} not found`);
  for (const def of defs) {
    const value = fields[def.name];
    const p = `${path}.${def.name}`;
    if (value === undefined || value === null) continue;
    const list = Array.isArray(value) && def.type !== 'repeater' ? value : [value];
    for (const v of list) {
      if (def.type === 'image' || def.type === 'file') ref(assetIds.has(v as string), p, v);
      if (def.type === 'content') ref(docById.has(v as string), p, v);
      if (def.type === 'user') ref(userIds.has(v as string), p, v);
      if (def.type === 'link' && (v as Fields).contentId)
        ref(docById.has((v as Fields).contentId as string), p, (v as Fields).contentId);
      if (def.type === 'richText') {
        for (const id of JSON.stringify(v).match(/"contentId":"[^"]+"/g) ?? [])
          ref(docById.has(id.slice(13, -1)), p, id);
      }
      if (def.type === 'repeater') {
        for (const [i, item] of (v as { fields: Fields }[]).entries())
          out.push(...fieldProblems(item.fields, def.fields ?? [], `${p}[${i}]`));
      }
      if (def.type === 'blocks') {
        for (const [i, block] of (v as { blocks: Block[] }).blocks.entries()) {
          const bp = `${p}.blocks[${i}]`;
          const bdefs = blockTypes.get(block.type);
          if (!bdefs) out.push(`${bp}: no block type ${block.type}`);
          if (def.blockTypes && !def.blockTypes.includes(block.type))
            out.push(`${bp}: ${block.type} not allowed here`);
          const variant = block.ext?.website?.designId;
          if (variant && !blockDesign(block.type)?.variants?.[variant])
            out.push(`${bp}: no variant ${variant}`);
          out.push(...fieldProblems(block.fields, bdefs ?? [], `${bp}.fields`));
        }
      }
    }
  }
  return out;
}

/** Bindings, conditions and repeats that name no field of the design's type (typos render nothing). */
function bindingProblems(root: DesignNode, defs: FieldDef[], path: string): string[] {
  const out: string[] = [];
  const anyTypeHas = (name: string) =>
    [...contentTypes.values()].some((fs) => fs.some((f) => f.name === name));
  const check = (field: string, item: FieldDef[] | undefined, p: string) => {
    if (field.startsWith('$')) return;
    const [head, sub] = field.split('.') as [string, string | undefined];
    if (head === 'item' && item)
      return item.some((f) => f.name === sub) || out.push(`${p}: no item field ${sub}`);
    const def = defs.find((f) => f.name === head);
    if (!def) return out.push(`${p}: no field ${head}`);
    if (sub && (def.type !== 'content' || !anyTypeHas(sub))) out.push(`${p}: cannot read ${field}`);
  };
  const visit = (node: DesignNode, p: string, item: FieldDef[] | undefined) => {
    if ('bind' in node && node.bind) check(node.bind.field, item, `${p}.bind`);
    if (node.visibility?.whenField) check(node.visibility.whenField, item, `${p}.visibility`);
    let inner = item;
    if (node.el === 'repeat') {
      const def = defs.find((f) => f.name === node.props.field && f.type === 'repeater');
      if (!def) out.push(`${p}: ${node.props.field} is not a repeater`);
      inner = def?.fields;
    }
    if (node.el === 'blocks' && !defs.some((f) => f.name === node.props.field && f.type === 'blocks')) {
      out.push(`${p}: ${node.props.field} is not a blocks field`);
    }
    if (
      node.el === 'menu' &&
      !space.menus.some((m: { machineName: string }) => m.machineName === node.props.menu)
    ) {
      out.push(`${p}: no menu ${node.props.menu}`);
    }
    const children = 'children' in node ? (node.children ?? []) : [];
    for (const [i, c] of children.entries()) visit(c, `${p}.children[${i}]`, inner);
  };
  visit(root, path, undefined);
  return out;
}

describe('demo space', () => {
  it('is a verso.space/1 file of the bilingual space "demo"', () => {
    expect(space.format).toBe('verso.space/1');
    expect(space.space).toMatchObject({
      id: demoIds.space,
      name: 'demo',
      title: 'Verso Demo',
      defaultLocale: 'en',
    });
    expect(space.space.locales).toEqual(['en', 'de']);
    expect(space.space.homeContentId).toBe(demoIds.documents.home);
    expect(space.website.settings).toMatchObject({
      mode: 'designed',
      homeContentId: demoIds.documents.home,
      notFoundContentId: demoIds.documents.notFound,
      faviconId: demoIds.assets.favicon,
      shareImageId: demoIds.assets.share,
    });
  });

  it('passes the importer’s checks (shapes, references, field values, website section)', () => {
    expect(() => parseSpaceFile(space, loadPlugins({ website: true }))).not.toThrow();
  });

  it('has designs that designsSchema accepts', () => {
    expect(() => designsSchema.parse(space.website.designs)).not.toThrow();
  });

  it('uses every node kind of designs.md at least once', () => {
    const used = new Set<string>();
    for (const d of designs) {
      const roots = d.published.root
        ? [d.published.root]
        : Object.values(d.published.variants ?? {}).map((v) => v.root);
      for (const root of roots) walkNodes(root, (n) => used.add(n.el));
    }
    expect(SPEC_NODE_KINDS.filter((k) => !used.has(k))).toEqual([]);
  });

  it('binds only fields that exist on the designed type', () => {
    const problems = designs.flatMap((d, i) => {
      const at = `designs[${i}] (${d.kind} ${d.key})`;
      if (d.kind === 'layout') return bindingProblems(d.published.root!, [], at);
      if (d.kind === 'page') return bindingProblems(d.published.root!, contentTypes.get(d.key) ?? [], at);
      if (d.kind !== 'block') return [];
      return Object.entries(d.published.variants ?? {}).flatMap(([name, v]) =>
        bindingProblems(v.root, blockTypes.get(d.key) ?? [], `${at}.${name}`),
      );
    });
    expect(problems).toEqual([]);
  });

  it('resolves every document reference', () => {
    const problems: string[] = [];
    const expectDoc = (id: string | null, where: string) =>
      id === null || docById.has(id) || problems.push(where);
    expectDoc(space.space.homeContentId, 'space.homeContentId');
    expectDoc(space.website.settings.homeContentId, 'website.settings.homeContentId');
    expectDoc(space.website.settings.notFoundContentId, 'website.settings.notFoundContentId');
    for (const d of docs) {
      expectDoc(d.parentId, `${d.id}.parentId`);
      const defs = contentTypes.get(d.type) ?? [];
      for (const [locale, states] of Object.entries(d.locales)) {
        for (const state of ['published', 'draft'] as const) {
          const v = states[state];
          if (v) problems.push(...fieldProblems(v.fields, defs, `${d.id}.${locale}.${state}`));
        }
      }
    }
    const walkItems = (items: { contentId: string | null; children: unknown[] }[], at: string) =>
      items.forEach((item, i) => {
        expectDoc(item.contentId, `${at}[${i}]`);
        walkItems(item.children as typeof items, `${at}[${i}].children`);
      });
    for (const m of space.menus) walkItems(m.items, `menus.${m.machineName}`);
    for (const [i, r] of space.redirects.entries()) expectDoc(r.contentId, `redirects[${i}]`);
    expect(problems).toEqual([]);
  });

  it('publishes every document in en, nearly all in de, with one en-only post and one draft', () => {
    expect(docs.filter((d) => !d.locales.en?.published).map((d) => d.id)).toEqual([]);
    expect(docs.filter((d) => !d.locales.de?.published).map((d) => d.id)).toEqual([
      demoIds.documents.enOnlyPost,
    ]);
    expect(docs.filter((d) => Object.values(d.locales).some((l) => l.draft)).map((d) => d.id)).toEqual([
      demoIds.documents.pourOverPost,
    ]);
    expect(space.redirects.map((r: { locale: string }) => r.locale)).toEqual(
      expect.arrayContaining(['en', 'de']),
    );
  });

  it('keeps the fixed ids of demo/ids.ts', () => {
    const type = (id: string) => docById.get(id)?.type;
    const d = demoIds.documents;
    expect([d.home, d.about, d.team, d.coffees, d.contact, d.notFound].map(type)).toEqual(
      Array(6).fill('page'),
    );
    expect([d.depotPost, d.pourOverPost, d.harvestPost, d.lighterPost, d.enOnlyPost].map(type)).toEqual(
      Array(5).fill('blog-post'),
    );
    expect([d.lena, d.jonas, d.amara].map(type)).toEqual(Array(3).fill('team-member'));
    expect(type(d.blog)).toBe('blog');
    expect(docById.get(d.team)?.parentId).toBe(d.about);
    for (const [name, id] of Object.entries(demoIds.assets)) expect(assetIds.has(id), name).toBe(true);
    for (const [name, id] of Object.entries(demoIds.users)) expect(userIds.has(id), name).toBe(true);
    expect(space.menus.map((m: { id: string }) => m.id)).toEqual([demoIds.menus.main, demoIds.menus.footer]);
  });

  it('declares every asset as its file is: present, dimensions, type, under 1.5 MB in all', async () => {
    const format: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
    let total = 0;
    for (const a of space.assets) {
      const file = join(here, a.file);
      expect(existsSync(file), a.file).toBe(true);
      const meta = await sharp(file).metadata();
      expect({ file: a.file, width: meta.width, height: meta.height, mimeType: format[meta.format] }).toEqual(
        {
          file: a.file,
          width: a.width,
          height: a.height,
          mimeType: a.mimeType,
        },
      );
      total += statSync(file).size;
    }
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });
});

describe.each(testDatabases())('demo space import on $kind', ({ open }) => {
  it('imports into an empty database and exports the same content', async () => {
    const plugins = loadPlugins({ website: true });
    const { db, drop } = await migrated(open, allMigrations(plugins));
    try {
      const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'verso-demo-media-')));
      await importSpace(db, parseSpaceFile(space, plugins), {
        replace: false,
        baseDir: here,
        storage,
        plugins,
      });
      const out: any = await exportSpace(db, 'demo', { storage, plugins });
      // Exports carry asset bytes inline and timestamps with milliseconds; the demo has files and none.
      const normal = (s: typeof space) => {
        const c = structuredClone(s);
        for (const a of c.assets) {
          delete a.data;
          delete a.file;
        }
        c.documents = c.documents
          .map((d: Doc) => ({
            ...d,
            locales: Object.fromEntries(Object.entries(d.locales).filter(([, l]) => l.published || l.draft)),
          }))
          .sort((a: Doc, b: Doc) => a.id.localeCompare(b.id));
        return JSON.parse(JSON.stringify(c).replace(/(T\d\d:\d\d:\d\d)\.000Z/g, '$1Z'));
      };
      expect(normal(out)).toEqual(normal(space));
    } finally {
      await drop();
    }
  });
});
