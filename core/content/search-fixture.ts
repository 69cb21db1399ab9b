import { Hono } from 'hono';
import { graphqlRoutes } from '../../delivery/graphql/graphql-route.ts';
import { publicApi } from '../../delivery/public-api/index.ts';
import { createReader } from '../../delivery/reader/index.ts';
import { memoryCache } from '../cache/memory-cache.ts';
import type { Db } from '../db/types.ts';
import type { FieldDef } from '../space-format/field-defs.ts';
import { captureLog } from '../testing/capture-log.ts';

/**
 * A space for the search tests: one content type with a field for every combination of kind (the kinds that
 * carry words, and blocks and repeaters), `public`, `search` and `localized`, each holding a word of its
 * own, and one document that holds them all in both locales (a localized field a word per locale).
 */
export interface SearchCase {
  field: string;
  kind: 'string' | 'text' | 'richText' | 'select' | 'blocks' | 'repeater';
  public: boolean;
  search: boolean;
  localized: boolean;
  /** The word per locale (a field that is not localized: the default locale's only). */
  words: { en: string; de?: string };
}

export const searchDocId = '00000000-0000-4000-8000-0000000005e1';

let counter = 0;
/** Letters only, so no parser splits them; a fixed tail the stemmers leave alone. */
const freshWord = () => {
  let n = counter++;
  let letters = '';
  do {
    letters += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  } while (n > 0);
  return `zyq${letters}vork`;
};

export function searchCases(): SearchCase[] {
  const cases: SearchCase[] = [];
  for (const kind of ['string', 'text', 'richText', 'select', 'blocks', 'repeater'] as const)
    for (const pub of [true, false])
      for (const search of [true, false])
        for (const localized of [true, false]) {
          const field = `${kind}_${pub ? 'pub' : 'restricted'}_${search ? 'search' : 'plain'}_${localized ? 'loc' : 'shared'}`;
          const words = localized ? { en: freshWord(), de: freshWord() } : { en: freshWord() };
          cases.push({ field, kind, public: pub, search, localized, words });
        }
  return cases;
}

const para = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

function defOf(c: SearchCase): FieldDef {
  const flags = { public: c.public, search: c.search, localized: c.localized };
  switch (c.kind) {
    case 'select':
      return { name: c.field, type: 'select', options: [c.words.en, c.words.de ?? c.words.en], ...flags };
    case 'repeater':
      return {
        name: c.field,
        type: 'repeater',
        fields: [{ name: 'words', type: 'text', search: true }],
        ...flags,
      };
    case 'blocks':
      return { name: c.field, type: 'blocks', blockTypes: ['note'], ...flags };
    default:
      return { name: c.field, type: c.kind, ...flags };
  }
}

function storedValue(c: SearchCase, word: string, n: number): unknown {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  switch (c.kind) {
    case 'richText':
      return para(word);
    case 'repeater':
      return [{ itemId: id, fields: { words: word } }];
    case 'blocks':
      return { grid: null, blocks: [{ blockId: id, type: 'note', fields: { words: word } }] };
    default:
      return word;
  }
}

const t = '2026-01-01T00:00:00.000Z';

export function searchSpace(cases: SearchCase[]): Record<string, unknown> {
  const fieldsIn = (locale: 'en' | 'de') => {
    const out: Record<string, unknown> = {};
    cases.forEach((c, i) => {
      const word = locale === 'en' ? c.words.en : c.words.de;
      if (word) out[c.field] = storedValue(c, word, i * 2 + (locale === 'en' ? 1 : 2));
    });
    return out;
  };
  const version = (title: string, slug: string, locale: 'en' | 'de') => ({
    published: { title, slug, fields: fieldsIn(locale), publishedAt: t, updatedAt: t },
    draft: null,
  });
  return {
    format: 'verso.space/1',
    space: {
      id: '00000000-0000-4000-8000-0000000005a1',
      name: 'searching',
      title: 'Searching',
      defaultLocale: 'en',
      locales: ['en', 'de'],
      homeContentId: null,
      apiHosts: [],
      importRunning: false,
    },
    contentTypes: [{ name: 'note', title: 'Note', fields: cases.map(defOf) }],
    blockTypes: [{ name: 'note', title: 'Note', fields: [{ name: 'words', type: 'text', search: true }] }],
    users: [],
    assets: [],
    documents: [
      {
        id: searchDocId,
        type: 'note',
        parentId: null,
        position: 0,
        createdAt: t,
        tags: [],
        locales: { en: version('Flags', 'flags', 'en'), de: version('Flaggen', 'flaggen', 'de') },
      },
    ],
    menus: [],
    redirects: [],
  };
}

const secret = 'a-media-secret-of-at-least-32-characters';

export async function searchApi(db: Db) {
  // Every question below is a word of its own: none is answered from the cache.
  const cache = memoryCache({ defaultTtlSeconds: 60 });
  const log = captureLog().log;
  const built = publicApi({
    db,
    log,
    cache,
    config: { CACHE_TTL: 60, SCOPES: ['graphql'], PUBLIC_SPACE: undefined },
    mediaSecret: () => secret,
    blockDesigns: true,
    reader: createReader({ db, mediaSecret: () => secret, blockDesigns: true }),
  });
  await built.ready;
  // As `buildApp` mounts the public mode: the public API, then `/graphql` beside it.
  const app = new Hono();
  app.route('/', built.app);
  const config = {
    CACHE_TTL: 60,
    PUBLIC_GRAPHQL_INTROSPECTION: false,
    GRAPHQL_MAX_DEPTH: 8,
    GRAPHQL_MAX_COMPLEXITY: 1000,
  };
  app.route('/', graphqlRoutes({ reader: built.reader, cache, log, config }));
  return app;
}

type Found = { rest: string[]; graphql: { total: number; ids: string[] } };

/** What REST and GraphQL find for a word in a locale: the ids (REST), the total and ids (GraphQL). */
export async function searchFor(
  app: { request: (url: string, init?: RequestInit) => Response | Promise<Response> },
  word: string,
  locale: string,
): Promise<Found> {
  const rest = await app.request(`http://api.search.test/v1/content?search=${word}&locale=${locale}`);
  const restBody = (await rest.json()) as { total: number; items: { id: string }[] };
  if (rest.status !== 200 || restBody.total !== restBody.items.length)
    throw new Error(`REST answered ${rest.status}: ${JSON.stringify(restBody)}`);
  const gql = await app.request('http://api.search.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      query: 'query ($s: String!, $l: String) { contents(search: $s, locale: $l) { total items { id } } }',
      variables: { s: word, l: locale },
    }),
  });
  const gqlBody = (await gql.json()) as { data?: { contents: { total: number; items: { id: string }[] } } };
  if (!gqlBody.data?.contents) throw new Error(`GraphQL answered ${JSON.stringify(gqlBody)}`);
  return {
    rest: restBody.items.map((d) => d.id),
    graphql: { total: gqlBody.data.contents.total, ids: gqlBody.data.contents.items.map((d) => d.id) },
  };
}

export const expectedToBeFound = (c: SearchCase) =>
  c.public && c.search && c.kind !== 'blocks' && c.kind !== 'repeater';
