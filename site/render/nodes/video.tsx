import type { Child } from 'hono/jsx';
import { assetOf } from '../bindings.ts';
import type { NodeProps } from '../render-node.tsx';
import { readBinding } from '../render-node.tsx';

/** `video`: a bound file field or `props.assetId`, with its poster; a download link as fallback. */
export function VideoNode({ node, env, attrs }: NodeProps<'video'>): Child {
  const bound = readBinding(node, env);
  const asset = assetOf(env, bound ? (bound.found ? bound.value : null) : node.props?.assetId);
  if (!asset) return null;
  const p = node.props ?? {};
  const poster = p.poster ? assetOf(env, p.poster) : null;
  return (
    <video
      {...attrs}
      src={asset.url}
      poster={poster?.variants.hero}
      controls={p.controls ?? !p.autoplay}
      autoplay={p.autoplay}
      muted={p.muted}
      loop={p.loop}
      playsinline={p.autoplay ? true : undefined}
      preload="metadata"
      width={asset.width ?? undefined}
      height={asset.height ?? undefined}
    >
      <a href={asset.url}>{asset.filename}</a>
    </video>
  );
}
