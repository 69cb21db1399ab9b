import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantPath } from '../../core/media/signing.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { graphqlIds as ids } from './graphql-fixture.ts';
import { dataOf, type GraphqlWorld, graphqlWorld, mediaSecret, refusalOf } from './graphql-test-kit.ts';

const origin = 'http://localhost';

// `Asset.variant(preset)`, `srcset(format)` and `srcsetWidths`: the signed addresses REST gives.
describe.each(testDatabases())('GraphQL asset variants on $kind', ({ open }) => {
  let world: GraphqlWorld;
  const data = (query: string) => dataOf(world, query);
  const refusal = (query: string) => refusalOf(world, query);
  beforeAll(async () => {
    world = await graphqlWorld(open);
  });
  afterAll(() => world.close());

  it('answers image variants by preset, aliases included, as the signed addresses REST gives', async () => {
    const { content } = await data(`{
      content(id: "${ids.home}") {
        ... on Page { hero { id url alt width height filename mimeType focalPoint { x y } crop { x }
          thumb: variant(preset: "thumb") card: variant(preset: "card") hero: variant(preset: "hero") byDefault: variant
          srcset avif: srcset(format: AVIF) jpeg: srcset(format: JPEG) srcsetWidths } }
      }
    }`);
    expect(content.hero).toEqual({
      id: ids.image,
      url: `${origin}/media/${ids.image}/original`,
      alt: 'A dot',
      width: 1,
      height: 1,
      filename: 'dot.png',
      mimeType: 'image/png',
      focalPoint: { x: 0.5, y: 0.5 },
      crop: null,
      thumb: origin + variantPath(mediaSecret, ids.image, 'thumb'),
      card: origin + variantPath(mediaSecret, ids.image, 'card'),
      hero: origin + variantPath(mediaSecret, ids.image, 'hero'),
      byDefault: origin + variantPath(mediaSecret, ids.image, 'card'),
      // A 1 px image: the smallest listed width, labelled with its own width (never enlarged).
      srcset: `${origin + variantPath(mediaSecret, ids.image, 'w320', 'webp')} 1w`,
      avif: `${origin + variantPath(mediaSecret, ids.image, 'w320', 'avif')} 1w`,
      jpeg: `${origin + variantPath(mediaSecret, ids.image, 'w320', 'jpeg')} 1w`,
      srcsetWidths: [1],
    });
    const rest = await world.app.request(`/v1/assets/${ids.image}`);
    const { thumb, card, hero, srcset, avif, jpeg } = content.hero;
    expect((await rest.json()).variants).toEqual({
      thumb,
      card,
      hero,
      srcset: { webp: srcset, avif, jpeg },
    });
    const { status } = await refusal(`{ asset(id: "${ids.image}") { srcset(format: GIF) } }`);
    expect(status).toBe(400);
  });

  it('refuses an unknown preset, naming it', async () => {
    const { error, data: partial } = await refusal(
      `{ asset(id: "${ids.image}") { id huge: variant(preset: "huge") } }`,
    );
    expect(error.extensions).toMatchObject({ key: 'validation.failed', details: [{ path: 'preset' }] });
    expect(error.path).toEqual(['asset', 'huge']);
    expect(partial).toEqual({ asset: { id: ids.image, huge: null } });
  });
});
