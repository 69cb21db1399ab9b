import type { Child } from 'hono/jsx';
import { assetOf } from '../bindings.ts';
import { Img } from '../image.tsx';
import type { NodeProps } from '../render-node.tsx';
import { localized } from '../strings.ts';

/**
 * `logo`: the site's logo (or `props.assetId`) linking home, at the site design's logo height;
 * without a logo, the site name as text. The image's alt text names the link's purpose.
 */
export function LogoNode({ node, env, attrs }: NodeProps<'logo'>): Child {
  const { ctx } = env;
  const asset = assetOf(env, node.props?.assetId ?? ctx.designs.site.logoId ?? null);
  const alt = localized(node.props?.alt, ctx.locale, ctx.defaultLocale) || ctx.site.name;
  const home = ctx.href.home();
  if (!asset) {
    return (
      <a {...attrs} href={home}>
        {ctx.site.name}
      </a>
    );
  }
  const height = ctx.designs.site.logoHeight ?? 40;
  const size =
    asset.width && asset.height
      ? { height, width: Math.round((asset.width * height) / asset.height) }
      : undefined;
  return (
    <a {...attrs} href={home}>
      {Img({
        env,
        asset,
        alt,
        variant: 'card',
        sizes: `${size?.width ?? height}px`,
        chrome: true,
        ...(size ? { size } : {}),
      })}
    </a>
  );
}
