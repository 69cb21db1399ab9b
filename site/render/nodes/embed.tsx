import type { Child } from 'hono/jsx';
import {
  EMBED_PROVIDERS,
  type EmbedProvider,
  embedUrl,
  isSafeHref,
  parseEmbedUrl,
} from '../../../core/designs/index.ts';
import type { NodeProps } from '../render-node.tsx';
import { readBinding } from '../render-node.tsx';
import { localized } from '../strings.ts';

/**
 * `embed`: a frame of one of the providers the page CSP's `frame-src` admits, its URL rebuilt
 * from the provider and id, never taken from content. A bound URL no provider recognises is
 * shown as a plain link.
 */
export function EmbedNode({ node, env, attrs }: NodeProps<'embed'>): Child {
  const bound = readBinding(node, env);
  let embed: { provider: EmbedProvider; id: string } | null = node.props ?? null;
  let url: string | null = null;
  if (bound) {
    url = bound.found && typeof bound.value === 'string' ? bound.value : null;
    embed = url ? parseEmbedUrl(url) : null;
  }
  if (!embed) {
    if (!url || !isSafeHref(url)) return null;
    return (
      <p {...attrs}>
        <a href={url}>{url}</a>
      </p>
    );
  }
  const info = EMBED_PROVIDERS[embed.provider];
  const title =
    localized(node.props?.title, env.ctx.locale, env.ctx.defaultLocale) || `${info.label} (${info.kind})`;
  return (
    <iframe
      {...attrs}
      src={embedUrl(embed.provider, embed.id)}
      title={title}
      loading="lazy"
      referrerpolicy="strict-origin-when-cross-origin"
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowfullscreen
    />
  );
}
