import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import { element, escapeHtml } from '../render/markup.ts';

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

const meta = (attrs: Record<string, string | undefined>) => element('meta', attrs);
const named = (name: string, content: string) => meta({ name, content });
const property = (property: string, content: string) => meta({ property, content });

/**
 * The document head: meta, title, canonical and alternates, social tags, icons, fonts, styles, scripts. Written as
 * a string (site/render/markup.ts says why), in this order.
 */
export function headHtml(head: HeadModel): string {
  const { og, image, description } = head;
  let out = '<head>';
  out += meta({ charset: 'utf-8' });
  out += named('viewport', 'width=device-width, initial-scale=1');
  out += `<title>${escapeHtml(head.title)}</title>`;
  if (description) out += named('description', description);
  if (head.noindex) out += named('robots', 'noindex');
  if (head.canonical) out += element('link', { rel: 'canonical', href: head.canonical });
  for (const a of head.alternates)
    out += element('link', { rel: 'alternate', hreflang: a.hreflang, href: a.href });
  out += property('og:type', og.type);
  out += property('og:title', og.title);
  if (description) out += property('og:description', description);
  if (og.url) out += property('og:url', og.url);
  out += property('og:site_name', og.siteName);
  out += property('og:locale', og.locale.replace('-', '_'));
  if (image) out += property('og:image', image.url);
  if (image?.width) out += property('og:image:width', String(image.width));
  if (image?.height) out += property('og:image:height', String(image.height));
  if (image?.alt) out += property('og:image:alt', image.alt);
  out += named('twitter:card', image ? 'summary_large_image' : 'summary');
  out += named('twitter:title', og.title);
  if (description) out += named('twitter:description', description);
  if (image) out += named('twitter:image', image.url);
  if (image?.alt) out += named('twitter:image:alt', image.alt);
  if (head.favicon) out += element('link', { rel: 'icon', href: head.favicon.href, type: head.favicon.type });
  // The render-blocking stylesheet first, so that on a slow link it is not queued behind the fonts.
  for (const href of head.stylesheets) out += element('link', { rel: 'stylesheet', href });
  for (const href of head.fontPreloads)
    out += element('link', { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' });
  for (const src of head.scripts) out += element('script', { type: 'module', src }, '');
  return `${out}${head.headCode}</head>`;
}

export function Head({ head }: { head: HeadModel }): Child {
  return raw(headHtml(head));
}
