import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import { migrate } from '../../core/db/migrations.ts';
import { openPgliteDb } from '../../core/db/pglite-db.ts';
import type { Db } from '../../core/db/types.ts';
import { type Listening, listen } from '../../core/http/listen.ts';
import { createLogger } from '../../core/log.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';
import { publicApi } from '../../delivery/public-api/index.ts';
import { allMigrations, loadPlugins } from '../plugins.ts';
import { typesCommand } from './types.ts';

const plugins = loadPlugins({ website: true });

/** Type-checks `files` (name → source) in `dir` as a strict project; answers the messages of every error. */
function compile(dir: string, files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((f) => join(dir, f)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowImportingTsExtensions: true,
      types: [],
      skipLibCheck: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const consumer = `
import type { Asset, ContentDocument, ContentDocuments, Document, HeroBlock, PageDocument, RestResponses } from './verso-types.ts';

export function describe(doc: ContentDocument): string[] {
  const out: string[] = [doc.title, doc.permalink];
  if (doc.type === 'page') {
    const summary: string | null = doc.fields.summary;
    const rank: number | null = doc.fields.rank;
    const hero = doc.fields.hero;
    if (hero !== null && typeof hero !== 'string') out.push(hero.variants.card, hero.alt);
    for (const related of doc.fields.related ?? []) out.push(typeof related === 'string' ? related : related.permalink);
    for (const block of doc.fields.content?.blocks ?? []) {
      if (block.type === 'hero') out.push(block.fields.heading ?? '', block.design?.variant ?? '');
      if (block.type === 'faq') for (const item of block.fields.items ?? []) out.push(item.fields.question ?? '');
    }
    out.push(summary ?? '', String(rank), doc.fields.cta?.href ?? '');
  } else {
    const mood: 'calm' | 'bold' | null = doc.fields.mood;
    out.push(mood ?? '', doc.fields.meta_description ?? '');
  }
  return out;
}

export const list: RestResponses['GET /v1/content'] = { items: [], total: 0, limit: 25, offset: 0, cursor: null };
export const one = (r: RestResponses['GET /v1/content/{id}']): Document => r;
export const asset = (r: RestResponses['GET /v1/assets/{id}']): Asset => r;
export const avif = (a: Asset): string | undefined => a.variants.srcset?.avif;
export const menuLabel = (m: RestResponses['GET /v1/menus/{name}']): string | undefined => m.items[0]?.children[0]?.label;
export const byType = (d: ContentDocuments['page']): PageDocument => d;
export const heroType = (b: HeroBlock): 'hero' => b.type;
`;

const misuse = `
import type { ContentDocument } from './verso-types.ts';
export function wrong(doc: ContentDocument): number {
  if (doc.type === 'page') {
    const n: number = doc.fields.summary;
    return n + (doc.fields as { internal_notes: string }).internal_notes.length;
  }
  return doc.fields.summary;
}
`;

// The client: parameters typed, relations named in \`expand\` typed as objects.
const clientUse = `
import { createClient, type PageDocument, VersoError } from './verso-types.ts';

export async function run(baseUrl: string) {
  const verso = createClient({ baseUrl });
  const pages = await verso.list({ type: 'page', expand: ['hero', 'related'], limit: 10, search: 'team' });
  const first = pages.items[0];
  const heroAlt: string | undefined = first?.fields.hero?.alt;
  const relatedLinks: string[] = (first?.fields.related ?? []).map((d) => d.permalink);
  const author: string | { id: string } | null | undefined = first?.fields.author;
  const about = await verso.get<PageDocument, 'author'>('ABOUT_ID', { expand: ['author'] });
  const authorName: string | undefined = about.fields.author?.name;
  const german = await verso.permalink('ueber-uns', { locale: 'de' }).catch((e: unknown) => e);
  const home = await verso.permalink('/');
  const main = await verso.menu('main');
  const filtered = await verso.list({ type: 'page', order: '-title', filter: { title: { in: 'Team,About us' } } });
  const missing = await verso.get('00000000-0000-4000-8000-00000000ffff').catch((e: unknown) => e);
  const since = await verso.list({ updatedSince: '2026-01-01T00:00:00Z', limit: 1 });
  const next = since.cursor ? await verso.list({ updatedSince: '2026-01-01T00:00:00Z', limit: 1, cursor: since.cursor }) : null;
  const deleted = await verso.deleted({ since: '2026-01-01T00:00:00Z' });
  const deletedIds: string[] = deleted.items.map((d) => d.id);
  return {
    total: pages.total,
    titles: pages.items.map((p) => p.title),
    heroAlt,
    relatedLinks,
    author: typeof author,
    authorName,
    german: german instanceof VersoError ? german.status : (german as { title: string }).title,
    home: home.title,
    menu: main.items.map((i) => i.label),
    filtered: filtered.items.map((p) => p.title),
    alternates: about.alternates,
    missing: missing instanceof VersoError ? [missing.status, missing.body?.error.key] : null,
    synced: [since.items.length, next?.items.length ?? 0, deletedIds.length, deleted.cursor],
  };
}
`;

const clientMisuse = `
import { createClient } from './verso-types.ts';
const verso = createClient({ baseUrl: 'http://x' });
export async function wrong() {
  await verso.list({ type: 'pgae' });
  await verso.list({ type: 'page', expand: ['summary'] });
  await verso.list({ limit: 'ten' });
  await verso.deleted({ type: 'page' });
  const page = await verso.list({ type: 'page' });
  const alt: string | undefined = page.items[0]?.fields.hero?.alt;
  return alt;
}
`;

describe('verso types', () => {
  let db: Db;
  let server: Listening;
  let dir: string;
  beforeAll(async () => {
    db = await openPgliteDb(undefined);
    await migrate(db, allMigrations(plugins));
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
    const api = publicApi({
      db,
      log: createLogger('silent'),
      cache: memoryCache({ defaultTtlSeconds: 60 }),
      config: { CACHE_TTL: 60, SCOPES: ['graphql', 'media'], PUBLIC_SPACE: undefined },
      mediaSecret: () => 'a-media-secret-of-at-least-32-characters',
      blockDesigns: true,
    });
    server = await listen(new Hono().route('/', api.app), { port: 0, hostname: '127.0.0.1' });
    dir = mkdtempSync(join(tmpdir(), 'verso-types-'));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('writes types of the content model and the REST answers that a strict consumer compiles against', async () => {
    const out = join(dir, 'verso-types.ts');
    await typesCommand({ url: `http://127.0.0.1:${server.port}/`, out });
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/export interface PageDocument extends Omit<Document, 'type' \| 'fields'>/);
    expect(text).toMatch(/export interface BlogPostDocument/);
    expect(text).toMatch(/export type ContentDocument = PageDocument \| BlogPostDocument;/);
    expect(text).toMatch(/export type AnyBlock = HeroBlock \| ColumnsBlock \| FaqBlock;/);
    expect(text).toMatch(/hero: string \| Asset \| null;/);
    expect(text).toMatch(/related: Array<string \| Document> \| null;/);
    expect(text).toMatch(/author: string \| User \| null;/);
    expect(text).toMatch(/content: BlocksOf<HeroBlock \| ColumnsBlock \| FaqBlock> \| null;/);
    expect(text).not.toContain('internal_notes');
    expect(compile(dir, { 'consumer.ts': consumer })).toEqual([]);
    const errors = compile(dir, { 'misuse.ts': misuse });
    expect(errors.some((e) => e.includes("Type 'string | null' is not assignable to type 'number'"))).toBe(
      true,
    );
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });

  it('writes a typed fetch client: expanded relations are objects, and it reads the live API', async () => {
    const out = join(dir, 'verso-types.ts');
    await typesCommand({ url: `http://127.0.0.1:${server.port}`, out });
    const use = clientUse.replace('ABOUT_ID', ids.about);
    expect(compile(dir, { 'client-use.ts': use })).toEqual([]);
    const errors = compile(dir, { 'client-misuse.ts': clientMisuse }).join('\n');
    expect(errors).toMatch(/"pgae"/);
    expect(errors).toMatch(/"summary"/);
    expect(errors).toMatch(/Type 'string' is not assignable to type 'number'/);
    expect(errors).toMatch(/Property 'alt' does not exist on type 'string \| Asset'/);
    expect(errors).toMatch(/Property 'since' is missing/);
    const { run } = (await import(join(dir, 'client-use.ts'))) as { run(url: string): Promise<unknown> };
    expect(await run(`http://127.0.0.1:${server.port}`)).toEqual({
      total: 2,
      titles: ['About us', 'Team'],
      // About us has no hero image; its related documents came inlined; its author was not expanded.
      heroAlt: undefined,
      relatedLinks: ['about/team', 'news/english-only'],
      author: 'string',
      authorName: 'Ada',
      german: 'Über uns',
      home: 'Home',
      menu: ['About', 'Only English', 'GitHub'],
      filtered: ['Team', 'About us'],
      alternates: { en: 'about', de: 'ueber-uns' },
      missing: [404, 'content.notFound'],
      // One of the documents updated since, a next page by its cursor; nothing unpublished.
      synced: [1, 1, 0, null],
    });
  });

  it('says which address failed', async () => {
    await expect(typesCommand({ url: 'http://127.0.0.1:9/' })).rejects.toThrow(
      /cannot reach http:\/\/127\.0\.0\.1:9\/openapi\.json|cannot reach http:\/\/127\.0\.0\.1:9\/v1\/types/,
    );
  });
});
