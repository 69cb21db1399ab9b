import type { FixedAnswer } from './bare-server.ts';
import { child, serve } from './child-processes.ts';
import { publishToLive } from './edge.ts';
import { bareFor, capture, pair, type Row, withoutBody } from './measuring.ts';
import { POST, type RenderTiming } from './render-curve.ts';
import { args, chosen, log, ONLY, RENDER_WARM_UP, RENDERS, redisUrl } from './settings.ts';

/** The hot paths measured beside the bare server: the public API, the site, the edge, the uncached render. */
export const LIST = '/v1/content?limit=25&expand=cover,author,related,photo,image,featured,favourite_coffee';
export const PERMALINK = `/v1/permalink${POST}?expand=cover,author`;
export const GRAPHQL_QUERY = `{
  contents(type: "page", limit: 25) {
    total
    items {
      id title permalink
      ... on Page {
        intro
        body {
          blocks {
            blockId typeName
            ... on Hero { heading text image { url alt width height card: variant(preset: "card") hero: variant(preset: "hero") } cta { href label } }
            ... on Image { caption image { url alt hero: variant(preset: "hero") } }
            ... on Card { title text image { url alt thumb: variant(preset: "thumb") } link { href } }
            ... on Columns { heading blocks { blocks { typeName ... on Card { title image { url card: variant(preset: "card") } link { href } } } } }
            ... on Text { body }
          }
        }
      }
    }
  }
}`;
export const graphqlInit = {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
  body: JSON.stringify({ query: GRAPHQL_QUERY }),
};

export async function publicPaths(env: Record<string, string>, rows: Row[]) {
  const { url, running } = await serve(env, 'public');
  try {
    const list = await capture(url + LIST);
    const permalink = await capture(url + PERMALINK);
    const etag = permalink.headers.etag!;
    const notModified = await capture(url + PERMALINK, { headers: { 'if-none-match': etag } }, 304);
    const graphql = await capture(`${url}/graphql`, graphqlInit);
    if ((JSON.parse(graphql.body) as { errors?: unknown }).errors)
      throw new Error(`graphql: ${graphql.body}`);
    // The cached paths again as browsers ask (answered br); the bare server sends the same bytes at `…&br`.
    const br = { 'accept-encoding': 'gzip, br' };
    const graphqlBrInit = { ...graphqlInit, headers: { ...graphqlInit.headers, ...br } };
    const listBr = await capture(url + LIST, { headers: br });
    const permalinkBr = await capture(url + PERMALINK, { headers: br });
    const notModifiedBr = await capture(url + PERMALINK, { headers: { ...br, 'if-none-match': etag } }, 304);
    const graphqlBr = await capture(`${url}/graphql`, graphqlBrInit);
    const card = new URL(
      (JSON.parse(permalink.body) as { fields: { cover: { variants: { card: string } } } }).fields.cover
        .variants.card,
    );
    const image = card.pathname + card.search;
    await capture(url + image); // renders the variant once
    const variant = await capture(url + image);
    const bare = await bareFor({
      [LIST]: list,
      [PERMALINK]: { ...permalink, notModified: withoutBody(notModified) },
      '/graphql': graphql,
      [image]: variant,
      [`${LIST}&br`]: listBr,
      [`${PERMALINK}&br`]: { ...permalinkBr, notModified: withoutBody(notModifiedBr) },
      '/graphql?br': graphqlBr,
    });
    const b = `http://127.0.0.1:${bare.port}`;
    try {
      const size = (a: FixedAnswer) =>
        `${(Buffer.byteLength(a.body, a.base64 ? 'base64' : 'utf8') / 1024).toFixed(1)} KB`;
      await pair(
        rows,
        { path: 'cached REST list', detail: `\`GET ${LIST}\`, ${size(list)}`, target: 0.6 },
        { url: url + LIST },
        { url: b + LIST },
      );
      await pair(
        rows,
        {
          path: 'cached REST list (br)',
          detail: `as above, \`Accept-Encoding: gzip, br\`, ${size(listBr)} br`,
          target: 0.6,
        },
        { url: url + LIST, headers: br },
        { url: `${b + LIST}&br`, headers: br },
      );
      await pair(
        rows,
        { path: 'cached REST permalink', detail: `\`GET ${PERMALINK}\`, ${size(permalink)}`, target: 0.85 },
        { url: url + PERMALINK },
        { url: b + PERMALINK },
      );
      await pair(
        rows,
        {
          path: 'cached REST permalink (br)',
          detail: `as above, \`Accept-Encoding: gzip, br\`, ${size(permalinkBr)} br`,
          target: 0.85,
        },
        { url: url + PERMALINK, headers: br },
        { url: `${b + PERMALINK}&br`, headers: br },
      );
      const inm = { headers: { 'if-none-match': etag } };
      await pair(
        rows,
        {
          path: '304 revalidation (REST permalink)',
          detail: '`If-None-Match` of the permalink',
          target: 0.85,
        },
        { url: url + PERMALINK, ...inm },
        { url: b + PERMALINK, ...inm },
        304,
      );
      const inmBr = { headers: { ...inm.headers, ...br } };
      await pair(
        rows,
        {
          path: '304 revalidation (REST permalink, br)',
          detail: 'as above, `Accept-Encoding: gzip, br`',
          target: 0.85,
        },
        { url: url + PERMALINK, ...inmBr },
        { url: `${b + PERMALINK}&br`, ...inmBr },
        304,
      );
      await pair(
        rows,
        {
          path: 'GraphQL query (cached reads)',
          detail: `\`POST /graphql\` 25 pages with blocks and image variants, ${size(graphql)}`,
          target: 0.8,
        },
        { url: `${url}/graphql`, ...graphqlInit },
        { url: `${b}/graphql`, ...graphqlInit },
      );
      await pair(
        rows,
        {
          path: 'GraphQL query (cached reads, br)',
          detail: `as above, \`Accept-Encoding: gzip, br\`, ${size(graphqlBr)} br`,
          target: 0.8,
        },
        { url: `${url}/graphql`, ...graphqlBrInit },
        { url: `${b}/graphql?br`, ...graphqlBrInit },
      );
      await pair(
        rows,
        { path: 'cached image variant', detail: `\`card.webp\`, ${size(variant)}`, target: 0.85 },
        { url: url + image },
        { url: b + image },
      );
    } finally {
      await bare.stop();
    }
  } finally {
    await running.stop();
  }
}

export async function sitePaths(env: Record<string, string>, rows: Row[]): Promise<FixedAnswer> {
  const { url, running } = await serve(env, 'website');
  const host = { host: 'localhost' };
  try {
    const page = await capture(url + POST, { headers: host });
    const etag = page.headers.etag!;
    const notModified = await capture(url + POST, { headers: { ...host, 'if-none-match': etag } }, 304);
    const bare = await bareFor({ [POST]: { ...page, notModified: withoutBody(notModified) } });
    const b = `http://127.0.0.1:${bare.port}`;
    try {
      const kb = `${(Buffer.byteLength(page.body) / 1024).toFixed(1)} KB`;
      await pair(
        rows,
        { path: 'cached page', detail: `demo blog post \`${POST}\`, ${kb}`, target: 0.6 },
        { url: url + POST, headers: host },
        { url: b + POST },
      );
      const inm = { 'if-none-match': etag };
      await pair(
        rows,
        { path: '304 revalidation (page)', detail: '`If-None-Match` of the blog post', target: 0.7 },
        { url: url + POST, headers: { ...host, ...inm } },
        { url: b + POST, headers: inm },
        304,
      );
      return page;
    } finally {
      await bare.stop();
    }
  } finally {
    await running.stop();
  }
}

export async function uncachedAndRender(env: Record<string, string>, rows: Row[], page: FixedAnswer) {
  const server = await child('bench/harness-server.ts', ['website', '--no-page-cache'], env);
  const bare = await bareFor({ [POST]: page });
  try {
    const url = `http://127.0.0.1:${server.port}`;
    await pair(
      rows,
      {
        path: 'uncached page render',
        detail: 'the blog post rendered on every request (page cache off)',
        rpsTarget: 800,
      },
      { url: url + POST, headers: { host: 'localhost' } },
      { url: `http://127.0.0.1:${bare.port}${POST}` },
      200,
      // A process that renders all day: V8 has optimized the render only after some thousands of renders
      // (at 10 connections, 2 s after the start it renders 280 pages a second, 15 s after 570).
      RENDER_WARM_UP,
    );
  } finally {
    await bare.stop();
    await server.stop();
  }
  if (args.includes('--no-curves') || ONLY) return [];
  log('render curve');
  const curve = await child(
    'bench/harness-server.ts',
    ['render-curve', String(RENDERS), '50', '200', '1000'],
    env,
  );
  return (curve as unknown as { answer: RenderTiming[] }).answer;
}

/** Publish-to-live through Varnish, and the cached page as Varnish answers it beside the bare server. */
export async function edgePaths(env: Record<string, string>, rows: Row[], page: FixedAnswer) {
  if (!chosen('varnish') || !redisUrl) return undefined;
  log('edge: publish-to-live through Varnish (50 publishes)');
  const edge = await publishToLive({ ...env, REDIS_URL: redisUrl }, POST, 50, log);
  if (!edge) return undefined;
  const bare = await bareFor({ [POST]: page });
  try {
    await pair(
      rows,
      {
        path: 'cached page through Varnish',
        detail: 'the blog post from Varnish (shipped VCL, xkey) in front of a website process',
      },
      { url: edge.hitUrl + POST, headers: { host: 'localhost' } },
      { url: `http://127.0.0.1:${bare.port}${POST}` },
    );
  } finally {
    await bare.stop();
    await edge.stop();
  }
  return edge;
}
