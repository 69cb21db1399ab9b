/**
 * The embed providers that the site's CSP `frame-src` admits. An embed is stored as a provider
 * and an id, never a URL: the renderer rebuilds the frame URL with `embedUrl`, so no stored
 * string can point a frame anywhere else.
 */

export const EMBED_PROVIDER_NAMES = ['youtube', 'vimeo', 'google-maps', 'spotify', 'soundcloud'] as const;
export type EmbedProvider = (typeof EMBED_PROVIDER_NAMES)[number];

export interface EmbedProviderInfo {
  label: string;
  kind: 'video' | 'map' | 'audio';
  /** CSP `frame-src` sources for this provider (host, with a path where the spec narrows it). */
  frameSrc: readonly string[];
  /** What an id looks like; anchored, and only URL-safe characters. */
  id: RegExp;
  /** The frame URL for a valid id. */
  url: (id: string) => string;
}

export const EMBED_PROVIDERS: Record<EmbedProvider, EmbedProviderInfo> = {
  youtube: {
    label: 'YouTube',
    kind: 'video',
    frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
    id: /^[A-Za-z0-9_-]{11}$/,
    url: (id) => `https://www.youtube-nocookie.com/embed/${id}`,
  },
  vimeo: {
    label: 'Vimeo',
    kind: 'video',
    frameSrc: ['https://player.vimeo.com'],
    id: /^[0-9]{6,12}$/,
    url: (id) => `https://player.vimeo.com/video/${id}?dnt=1`,
  },
  'google-maps': {
    label: 'Google Maps',
    kind: 'map',
    frameSrc: ['https://www.google.com/maps/embed'],
    // The `pb` parameter of a Maps "embed a map" URL: `!1m18!1m12…`.
    id: /^![0-9A-Za-z!._%+-]{8,4000}$/,
    url: (id) => `https://www.google.com/maps/embed?pb=${id}`,
  },
  spotify: {
    label: 'Spotify',
    kind: 'audio',
    frameSrc: ['https://open.spotify.com'],
    id: /^(?:track|album|playlist|episode|show|artist)\/[A-Za-z0-9]{22}$/,
    url: (id) => `https://open.spotify.com/embed/${id}`,
  },
  soundcloud: {
    label: 'SoundCloud',
    kind: 'audio',
    frameSrc: ['https://w.soundcloud.com'],
    id: /^(?:tracks|playlists)\/[0-9]{1,12}$/,
    url: (id) =>
      `https://w.soundcloud.com/player/?url=${encodeURIComponent(`https://api.soundcloud.com/${id}`)}`,
  },
};

/** Every `frame-src` source of the page CSP, in provider order. */
export const EMBED_FRAME_SRC: readonly string[] = EMBED_PROVIDER_NAMES.flatMap(
  (p) => EMBED_PROVIDERS[p].frameSrc,
);

export function isEmbedId(provider: EmbedProvider, id: string): boolean {
  return EMBED_PROVIDERS[provider].id.test(id);
}

/** The frame URL of an embed; throws on an id the provider's pattern refuses. */
export function embedUrl(provider: EmbedProvider, id: string): string {
  const info = EMBED_PROVIDERS[provider];
  if (!info.id.test(id)) throw new Error(`invalid ${provider} embed id`);
  return info.url(id);
}

/**
 * Recognises a pasted or bound URL of a provider (watch pages, share links and embed URLs) and
 * returns its id, or null: the renderer shows anything unrecognised as a plain link.
 */
export function parseEmbedUrl(url: string): { provider: EmbedProvider; id: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.toLowerCase().replace(/^(?:www\.|m\.)/, '');
  const parts = u.pathname.split('/').filter(Boolean);
  const found = ((): { provider: EmbedProvider; id: string | undefined } | null => {
    if (host === 'youtu.be') return { provider: 'youtube', id: parts[0] };
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      if (parts[0] === 'watch') return { provider: 'youtube', id: u.searchParams.get('v') ?? undefined };
      if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live')
        return { provider: 'youtube', id: parts[1] };
    }
    if (host === 'vimeo.com') return { provider: 'vimeo', id: parts[0] };
    if (host === 'player.vimeo.com' && parts[0] === 'video') return { provider: 'vimeo', id: parts[1] };
    if (host === 'google.com' && u.pathname === '/maps/embed') {
      return { provider: 'google-maps', id: u.searchParams.get('pb') ?? undefined };
    }
    if (host === 'open.spotify.com') {
      const rest = parts.filter((p, i) => !(i === 0 && (p === 'embed' || p.startsWith('intl-'))));
      return { provider: 'spotify', id: rest.slice(0, 2).join('/') };
    }
    if (host === 'w.soundcloud.com' && parts[0] === 'player') {
      const inner = u.searchParams.get('url') ?? '';
      const m = /^https?:\/\/api\.soundcloud\.com\/((?:tracks|playlists)\/[0-9]+)$/.exec(inner);
      return { provider: 'soundcloud', id: m?.[1] };
    }
    return null;
  })();
  if (!found?.id || !isEmbedId(found.provider, found.id)) return null;
  return { provider: found.provider, id: found.id };
}
