import type { Child } from 'hono/jsx';
import type { DeliveredAsset } from '../../delivery/reader/types.ts';
import type { Env } from './context.ts';

/** Variant widths (delivery-and-site.md, "Asset"): thumb 320, card 640, hero 1920. */
const PRESETS = [
  ['thumb', 320],
  ['card', 640],
  ['hero', 1920],
] as const;
export type Variant = (typeof PRESETS)[number][0];

/**
 * `srcset` up to `variant`. The media service never enlarges, so a preset wider than the
 * original is labelled with the original's width, and duplicates are dropped.
 */
export function srcset(
  asset: DeliveredAsset,
  variant: Variant,
): { src: string; srcset: string; widest: number } {
  const max = PRESETS.findIndex(([name]) => name === variant);
  const seen = new Set<number>();
  const parts: string[] = [];
  let src = asset.variants.thumb;
  let widest = 0;
  for (const [name, width] of PRESETS.slice(0, max + 1)) {
    const w = asset.width ? Math.min(width, asset.width) : width;
    if (seen.has(w)) continue;
    seen.add(w);
    parts.push(`${asset.variants[name]} ${w}w`);
    src = asset.variants[name];
    widest = w;
  }
  return { src, srcset: parts.join(', '), widest };
}

function defaultSizes(variant: Variant, widest: number): string {
  return variant === 'hero' ? '100vw' : `(max-width: ${widest}px) 100vw, ${widest}px`;
}

export interface ImgProps {
  env: Env;
  asset: DeliveredAsset;
  alt: string;
  variant: Variant;
  sizes?: string;
  loading?: 'lazy' | 'eager';
  fit?: 'cover' | 'contain';
  /** The node's class and hidden viewports. */
  attrs?: { class?: string };
  /** Logos and the like: always eager, and not counted as the page's first image. */
  chrome?: boolean;
  /** The size to show it at (`width`/`height` attributes), when not the asset's own. */
  size?: { width: number; height: number };
}

/**
 * An image with its variants. The page's first content image loads eagerly with high priority
 * (it is usually the largest paint); the rest load lazily unless the design says eager.
 */
export function Img(p: ImgProps): Child {
  const { src, srcset: set, widest } = srcset(p.asset, p.variant);
  const first = !p.chrome && p.env.ctx.state.images++ === 0;
  const eager = p.chrome || first || p.loading === 'eager';
  const focal =
    p.asset.focalPoint && (p.asset.focalPoint.x !== 0.5 || p.asset.focalPoint.y !== 0.5)
      ? p.asset.focalPoint
      : null;
  return (
    <img
      {...p.attrs}
      src={src}
      srcset={set}
      sizes={p.sizes ?? defaultSizes(p.variant, widest)}
      width={p.size?.width ?? p.asset.width ?? undefined}
      height={p.size?.height ?? p.asset.height ?? undefined}
      alt={p.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? undefined : 'async'}
      fetchpriority={first ? 'high' : undefined}
      data-fit={p.fit}
      style={focal ? `object-position:${pct(focal.x)} ${pct(focal.y)}` : undefined}
    />
  );
}

const pct = (n: number) => `${Math.round(Math.min(1, Math.max(0, n)) * 1000) / 10}%`;
