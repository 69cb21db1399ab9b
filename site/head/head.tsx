import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';

/** Everything the head shows, decided by the pipeline (site/pipeline/page-head.ts). */
export interface HeadModel {
  title: string;
  description: string;
  /** Absolute URL on the primary domain of the locale; none on not-found pages. */
  canonical: string | null;
  /** Every locale the document is published in, plus `x-default`: the same set on every version. */
  alternates: { hreflang: string; href: string }[];
  og: { type: 'website' | 'article'; title: string; url: string | null; siteName: string; locale: string };
  image: { url: string; alt: string; width: number | null; height: number | null } | null;
  favicon: { href: string; type: string } | null;
  fontPreloads: string[];
  stylesheets: string[];
  /** Island scripts the page needs (modules; no inline script is ever rendered). */
  scripts: string[];
  /** Not-found pages, staging domains and sites set not to be indexed. */
  noindex: boolean;
  /** The site's own head code, as the editor wrote it (their permission `website:code`). */
  headCode: string;
}

/** The document head: meta, title, canonical and alternates, social tags, icons, fonts, styles, scripts. */
export function Head({ head }: { head: HeadModel }): Child {
  const card = head.image ? 'summary_large_image' : 'summary';
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      {head.noindex ? <meta name="robots" content="noindex" /> : null}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      {head.alternates.map((a) => (
        <link rel="alternate" hreflang={a.hreflang} href={a.href} />
      ))}
      <meta property="og:type" content={head.og.type} />
      <meta property="og:title" content={head.og.title} />
      {head.description ? <meta property="og:description" content={head.description} /> : null}
      {head.og.url ? <meta property="og:url" content={head.og.url} /> : null}
      <meta property="og:site_name" content={head.og.siteName} />
      <meta property="og:locale" content={head.og.locale.replace('-', '_')} />
      {head.image ? <meta property="og:image" content={head.image.url} /> : null}
      {head.image?.width ? <meta property="og:image:width" content={String(head.image.width)} /> : null}
      {head.image?.height ? <meta property="og:image:height" content={String(head.image.height)} /> : null}
      {head.image?.alt ? <meta property="og:image:alt" content={head.image.alt} /> : null}
      <meta name="twitter:card" content={card} />
      <meta name="twitter:title" content={head.og.title} />
      {head.description ? <meta name="twitter:description" content={head.description} /> : null}
      {head.image ? <meta name="twitter:image" content={head.image.url} /> : null}
      {head.image?.alt ? <meta name="twitter:image:alt" content={head.image.alt} /> : null}
      {head.favicon ? <link rel="icon" href={head.favicon.href} type={head.favicon.type} /> : null}
      {/* The render-blocking stylesheet first, so that on a slow link it is not queued behind the fonts. */}
      {head.stylesheets.map((href) => (
        <link rel="stylesheet" href={href} />
      ))}
      {head.fontPreloads.map((href) => (
        <link rel="preload" href={href} as="font" type="font/woff2" crossorigin="" />
      ))}
      {head.scripts.map((src) => (
        <script type="module" src={src} />
      ))}
      {head.headCode ? raw(head.headCode) : null}
    </head>
  );
}
