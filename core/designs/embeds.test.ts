import { describe, expect, it } from 'vitest';
import { EMBED_FRAME_SRC, embedUrl, isEmbedId, parseEmbedUrl } from './embeds.ts';

describe('embedUrl', () => {
  it('rebuilds each provider URL from its id', () => {
    expect(embedUrl('youtube', 'dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl('vimeo', '76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(embedUrl('google-maps', '!1m18!1m12!1m3!1d3022')).toBe(
      'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3022',
    );
    expect(embedUrl('spotify', 'track/4cOdK2wGLETKBW3PvgPWqT')).toBe(
      'https://open.spotify.com/embed/track/4cOdK2wGLETKBW3PvgPWqT',
    );
    expect(embedUrl('soundcloud', 'tracks/293')).toBe(
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293',
    );
  });

  it('builds only URLs the CSP frame-src admits', () => {
    const url = new URL(embedUrl('google-maps', '!1m18!1m12'));
    expect(EMBED_FRAME_SRC).toContain(`${url.origin}${url.pathname}`);
    expect(EMBED_FRAME_SRC).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
      'https://www.google.com/maps/embed',
      'https://open.spotify.com',
      'https://w.soundcloud.com',
    ]);
  });

  it.each([
    ['youtube', 'https://evil.test/x'],
    ['youtube', 'dQw4w9WgXc'],
    ['youtube', 'dQw4w9WgXcQ"><script>'],
    ['vimeo', '12345'],
    ['google-maps', '!1m18&q=x'],
    ['spotify', 'track/../../x'],
    ['soundcloud', 'users/1'],
  ] as const)('refuses a %s id %j', (provider, id) => {
    expect(isEmbedId(provider, id)).toBe(false);
    expect(() => embedUrl(provider, id)).toThrow();
  });
});

describe('parseEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
    ['https://www.google.com/maps/embed?pb=!1m18!1m12!1m3', 'google-maps', '!1m18!1m12!1m3'],
    [
      'https://open.spotify.com/intl-de/track/4cOdK2wGLETKBW3PvgPWqT?si=x',
      'spotify',
      'track/4cOdK2wGLETKBW3PvgPWqT',
    ],
    [
      'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M',
      'spotify',
      'playlist/37i9dQZF1DXcBWIGoYBM5M',
    ],
    [
      'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293',
      'soundcloud',
      'tracks/293',
    ],
  ])('reads %s', (url, provider, id) => {
    expect(parseEmbedUrl(url)).toEqual({ provider, id });
  });

  it.each([
    'https://evil.test/embed/dQw4w9WgXcQ',
    'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.google.com/search?q=maps',
    'https://soundcloud.com/artist/song',
    'not a url',
  ])('leaves %s as a link', (url) => {
    expect(parseEmbedUrl(url)).toBeNull();
  });
});
