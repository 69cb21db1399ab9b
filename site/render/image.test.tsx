import { describe, expect, it } from 'vitest';
import type { DeliveredAsset } from '../../delivery/reader/types.ts';
import type { Env } from './context.ts';
import { EAGER_IMAGES, Img } from './image.tsx';

const asset: DeliveredAsset = {
  id: 'a',
  url: '/media/a/original',
  filename: 'a.jpg',
  mimeType: 'image/jpeg',
  width: 1200,
  height: 800,
  alt: '',
  variants: { thumb: '/media/a/thumb.webp', card: '/media/a/card.webp', hero: '/media/a/hero.webp' },
  focalPoint: null,
  crop: null,
};

/** Only what `Img` reads of the render's environment: the count of images seen so far. */
const envOf = () => ({ ctx: { state: { images: 0, ids: 0, islands: new Set<string>() } } }) as unknown as Env;

const loading = (html: string) => ({
  loading: /loading="(\w+)"/.exec(html)?.[1],
  high: html.includes('fetchpriority="high"'),
});

describe('Img', () => {
  it('loads the first few content images eagerly, the first with high priority, and the rest lazily', () => {
    const env = envOf();
    const imgs = Array.from({ length: EAGER_IMAGES + 2 }, () =>
      String(<Img env={env} asset={asset} alt="" variant="card" />),
    );
    expect(imgs.map(loading)).toEqual([
      { loading: 'eager', high: true },
      ...Array.from({ length: EAGER_IMAGES - 1 }, () => ({ loading: 'eager', high: false })),
      { loading: 'lazy', high: false },
      { loading: 'lazy', high: false },
    ]);
  });

  it('counts no logo (chrome) among them, and keeps an image the design marks eager eager', () => {
    const env = envOf();
    const logo = String(<Img env={env} asset={asset} alt="" variant="thumb" chrome />);
    expect(loading(logo)).toEqual({ loading: 'eager', high: false });
    const content = Array.from({ length: EAGER_IMAGES + 1 }, () =>
      String(<Img env={env} asset={asset} alt="" variant="card" />),
    );
    expect(loading(content[0]!)).toEqual({ loading: 'eager', high: true });
    expect(loading(content[EAGER_IMAGES]!).loading).toBe('lazy');
    const marked = String(<Img env={env} asset={asset} alt="" variant="card" loading="eager" />);
    expect(loading(marked)).toEqual({ loading: 'eager', high: false });
  });
});
