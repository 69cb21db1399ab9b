import type { Child } from 'hono/jsx';
import { assetOf } from '../bindings.ts';
import { Img } from '../image.tsx';
import type { NodeProps } from '../render-node.tsx';
import { readBinding } from '../render-node.tsx';
import { localized } from '../strings.ts';

/**
 * `image`: a bound image field or `props.assetId`, with `srcset`/`sizes`, its intrinsic size and
 * alt text (the design's, else the asset's; an asset without alt text is decorative: `alt=""`).
 */
export function ImageNode({ node, env, attrs }: NodeProps<'image'>): Child {
  const bound = readBinding(node, env);
  const source = bound ? (bound.found ? bound.value : null) : node.props?.assetId;
  const asset = assetOf(env, source);
  if (!asset) return null;
  const p = node.props ?? {};
  const alt = p.alt !== undefined ? localized(p.alt, env.ctx.locale, env.ctx.defaultLocale) : asset.alt;
  return Img({
    env,
    asset,
    alt,
    variant: p.variant ?? 'card',
    sizes: p.sizes,
    loading: p.loading,
    fit: p.fit,
    attrs,
  });
}
