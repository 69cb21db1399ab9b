import type {
  DeliveredAsset,
  DeliveredDocument,
  DeliveredMenu,
  DeliveredMenuItem,
  DeliveredUser,
} from '../../delivery/reader/types.ts';
import type { RenderData } from '../render/context.ts';
import type { RenderMessage } from './admin-messages.ts';

/**
 * The sample content of a `render` message in the shapes the renderer reads (delivery/reader/types.ts):
 * what the message may leave out gets the value the reader would give it (no tags, no alt text, …).
 */

type Content = RenderMessage['content'];
type DocumentIn = Content['document'];
type AssetIn = NonNullable<Content['assets']>[number];
type MenuItemIn = NonNullable<Content['menus']>[number]['items'][number];

export function toDocument(d: DocumentIn, locale: string): DeliveredDocument {
  return {
    slug: d.permalink.split('/').pop() ?? '',
    locale,
    parentId: null,
    updatedAt: d.publishedAt ?? '',
    ...(d as Partial<DeliveredDocument>),
    id: d.id,
    type: d.type,
    title: d.title,
    permalink: d.permalink,
    fields: d.fields,
    publishedAt: d.publishedAt ?? null,
    tags: d.tags ?? [],
  };
}

function toAsset(a: AssetIn): DeliveredAsset {
  return {
    crop: null,
    ...(a as Partial<DeliveredAsset>),
    id: a.id,
    url: a.url,
    // The studio sends the presets only: the image node makes its srcset of them (site/render/image.tsx).
    variants: { thumb: a.variants.thumb, card: a.variants.card, hero: a.variants.hero, srcset: null },
    filename: a.filename ?? a.url.split('/').pop() ?? '',
    mimeType: a.mimeType ?? '',
    width: a.width ?? null,
    height: a.height ?? null,
    alt: a.alt ?? '',
    focalPoint: a.focalPoint ?? null,
  };
}

function toMenuItem(item: MenuItemIn): DeliveredMenuItem {
  const content = item.content;
  return {
    id: item.id,
    label: item.label,
    url: item.url ?? null,
    target: item.target ?? '_self',
    content: content
      ? { id: content.id, type: content.type ?? '', title: content.title, permalink: content.permalink }
      : null,
    children: (item.children ?? []).map(toMenuItem),
  };
}

export interface CanvasContent {
  document: DeliveredDocument;
  data: RenderData;
}

export function canvasContent(message: RenderMessage): CanvasContent {
  const { content, locale } = message;
  const menus = (content.menus ?? []).map(
    (m): DeliveredMenu => ({
      id: typeof m.id === 'string' ? m.id : m.machineName,
      name: m.name,
      machineName: m.machineName,
      items: m.items.map(toMenuItem),
    }),
  );
  const users = (content.users ?? []).map(
    (u): DeliveredUser => ({
      id: u.id,
      name: u.name,
      avatar: (u.avatar as DeliveredAsset | undefined) ?? null,
    }),
  );
  return {
    document: toDocument(content.document, locale),
    data: {
      documents: new Map((content.documents ?? []).map((d) => [d.id, toDocument(d, locale)])),
      assets: new Map((content.assets ?? []).map((a) => [a.id, toAsset(a)])),
      users: new Map(users.map((u) => [u.id, u])),
      menus: new Map(menus.map((m) => [m.machineName, m])),
      ancestors: content.ancestors ?? [],
      versions: (content.versions ?? []).map((v) => ({ ...v, url: v.url ?? v.href })),
    },
  };
}
