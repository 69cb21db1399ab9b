import { z } from '@hono/zod-openapi';
import { errorKinds } from '../../core/errors/catalogue.ts';
import { fieldTypes } from '../../core/space-format/field-defs.ts';

/**
 * The response shapes of the delivery API (delivery-and-site.md, "Resources and their fields"), defined once:
 * they document the routes in `openapi.json`, from which `verso types` writes client types.
 */

/** A registered schema or null, as `anyOf` (a `.nullable()` on a registered schema would rewrite the component). */
const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

const kinds = Object.keys(errorKinds) as [keyof typeof errorKinds, ...Array<keyof typeof errorKinds>];

export const ErrorBody = z
  .object({
    error: z.object({
      key: z.string().openapi({ example: 'content.notFound' }),
      kind: z.enum(kinds),
      status: z.number().int(),
      message: z.string(),
      details: z.array(
        z.object({
          key: z.string().openapi({ example: 'validation.invalid' }),
          params: z.record(z.string(), z.unknown()).openapi({ description: '`{}` when the key needs none' }),
          path: z.string().optional().openapi({ example: 'limit' }),
        }),
      ),
    }),
  })
  .openapi('ErrorBody', {
    description: 'The body of every error: a catalogue key, its kind and status, a public message.',
  });

export const Tag = z.object({ name: z.string(), slug: z.string() }).openapi('Tag');

export const Asset = z
  .object({
    id: z.uuid(),
    url: z.string().openapi({ description: 'Address of the original file.' }),
    filename: z.string(),
    mimeType: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    alt: z.string(),
    variants: z
      .object({
        thumb: z.string(),
        card: z.string(),
        hero: z.string(),
        srcset: z
          .object({ webp: z.string(), avif: z.string(), jpeg: z.string() })
          .nullable()
          .openapi({
            description:
              'Per format, a ready `srcset` attribute: signed addresses of the widths 320, 480, 640, 960, 1280, ' +
              "1920 and 2560 px up to the image's own width (the last one labelled with it, never enlarged). " +
              'Null for files that are not images.',
          }),
      })
      .openapi({
        description:
          'Signed addresses of resized copies: thumb 320 px, card 640 px, hero 1920 px (WebP), and `srcset`. ' +
          'Never build them.',
      }),
    focalPoint: z.object({ x: z.number(), y: z.number() }).nullable(),
    crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  })
  .openapi('Asset');

export const User = z
  .object({ id: z.uuid(), name: z.string(), avatar: orNull(Asset) })
  .openapi('User', { description: 'A user field named in `expand`.' });

export const Document = z
  .object({
    id: z.uuid(),
    type: z.string().openapi({ description: 'Technical name of the content type.' }),
    title: z.string(),
    slug: z.string(),
    permalink: z.string().openapi({ description: 'Full path without leading slash.', example: 'blog/hello' }),
    locale: z.string(),
    parentId: z.uuid().nullable(),
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
    tags: z.array(Tag),
    alternates: z
      .record(z.string(), z.string())
      .optional()
      .openapi({
        description:
          "Where this document is published, by locale: its permalink in each (this one included), for a locale switch and hreflang. On every document an answer is about (one, or a list's items), not on documents that `expand` inlines.",
        example: { en: 'about', de: 'ueber-uns' },
      }),
    get fields() {
      return fieldsOf(
        "Every public field by technical name (null when empty). Relations are ids unless named in `expand`; `GET /v1/types` tells each field's type.",
      );
    },
    draft: z
      .literal(true)
      .optional()
      .openapi({ description: 'Only in a preview (a preview token), on a version that is a draft.' }),
  })
  .openapi('Document');

export const Link = z
  .object({
    url: z.string().nullable(),
    contentId: z.uuid().nullable(),
    label: z.string().nullable(),
    target: z.string().openapi({ example: '_self' }),
    href: z
      .string()
      .nullable()
      .openapi({ description: 'The url, or `/` + the target permalink in the locale, or null.' }),
  })
  .openapi('Link', { description: 'The value of a link field.' });

export const BlockDesign = z
  .object({ variant: z.string().nullable(), style: z.record(z.string(), z.unknown()).nullable() })
  .openapi('BlockDesign', {
    description: 'The design an editor chose for a block (website plugin), when set.',
  });

export const Block = z
  .object({
    blockId: z.uuid(),
    type: z.string().openapi({ description: 'Technical name of the block type.' }),
    get fields() {
      return fieldsOf("The block's public fields by technical name.");
    },
    layout: z.record(z.string(), z.unknown()).optional(),
    design: BlockDesign.optional(),
  })
  .openapi('Block');

export const Blocks = z
  .object({ grid: z.record(z.string(), z.unknown()).nullable(), blocks: z.array(Block) })
  .openapi('Blocks', { description: 'The value of a blocks field.' });

export const RepeaterItem = z
  .object({
    itemId: z.uuid(),
    get fields() {
      return fieldsOf("The item's fields by technical name.");
    },
  })
  .openapi('RepeaterItem', { description: 'One item of a repeater field.' });

export const RichText = z
  .object({ type: z.literal('doc'), content: z.array(z.record(z.string(), z.unknown())) })
  .openapi('RichText', { description: 'A rich-text field; internal links carry `attrs.href`.' });

export const DocumentList = z
  .object({
    items: z.array(Document),
    total: z.number().int().openapi({ description: 'Number of matching documents.' }),
    limit: z.number().int(),
    offset: z.number().int(),
    cursor: z.string().nullable().openapi({
      description:
        'The next page: pass it as `cursor` (same list). null on the last page. Pages by cursor hold while documents are published, unpublished or moved.',
    }),
  })
  .openapi('DocumentList');

export const DeletedDocument = z
  .object({
    id: z.uuid(),
    type: z.string(),
    locale: z.string(),
    deletedAt: z
      .string()
      .openapi({ description: 'When it stopped being delivered in the locale (ISO 8601).' }),
  })
  .openapi('DeletedDocument');

export const DeletedList = z
  .object({
    items: z.array(DeletedDocument),
    cursor: z
      .string()
      .nullable()
      .openapi({ description: 'The next page (pass it as `cursor`); null on the last.' }),
  })
  .openapi('DeletedList', {
    description:
      'Documents that were delivered in the locale and are not any more, oldest removal first; one delivered again is left out.',
  });

/** What a menu entry carries of its document: these four, and the whole document under `expand`. */
export const MenuDocument = Document.partial()
  .required({ id: true, type: true, title: true, permalink: true })
  .openapi('MenuDocument', {
    description:
      'The document an entry points to: `id`, `type`, `title` and `permalink`; with `expand`, the whole document.',
  });

export interface MenuItemShape {
  id: string;
  label: string;
  url: string | null;
  target: string;
  href: string | null;
  content: z.infer<typeof MenuDocument> | null;
  children: MenuItemShape[];
}

export const MenuItem: z.ZodType<MenuItemShape> = z
  .object({
    id: z.uuid(),
    label: z.string(),
    url: z.string().nullable().openapi({ description: 'External address; use it when set.' }),
    target: z.string(),
    href: z.string().nullable().openapi({
      description:
        "Where the entry links: `url` when set, else `/` + the document's permalink; null for neither.",
    }),
    content: orNull(MenuDocument).openapi({
      description:
        'The published document in the locale (id, type, title, permalink; the whole document under `expand`).',
    }),
    get children() {
      return z.array(MenuItem);
    },
  })
  .openapi('MenuItem');

export const Menu = z
  .object({ id: z.uuid(), name: z.string(), machineName: z.string(), items: z.array(MenuItem) })
  .openapi('Menu');

export const Redirect = z
  .object({
    locale: z.string(),
    fromPath: z.string(),
    toPath: z.string().nullable(),
    status: z.number().int(),
    contentId: z.uuid().nullable(),
  })
  .openapi('Redirect');

export const RedirectList = z.object({ items: z.array(Redirect) }).openapi('RedirectList');

export const TagCount = z
  .object({
    name: z.string(),
    slug: z.string(),
    count: z.number().int().openapi({ description: 'Documents delivered in the locale that carry the tag.' }),
  })
  .openapi('TagCount');

export const TagList = z.object({ items: z.array(TagCount) }).openapi('TagList');

export const AuthorCount = z
  .object({
    id: z.uuid(),
    name: z.string(),
    avatar: orNull(Asset),
    count: z
      .number()
      .int()
      .openapi({ description: 'Documents delivered in the locale that name the user in an author field.' }),
  })
  .openapi('AuthorCount');

export const AuthorList = z.object({ items: z.array(AuthorCount) }).openapi('AuthorList');

export interface FieldDefShape {
  name: string;
  title?: string;
  type: (typeof fieldTypes)[number];
  localized: boolean;
  multiple: boolean;
  options?: string[];
  blockTypes?: string[];
  fields?: FieldDefShape[];
}

export const FieldDef: z.ZodType<FieldDefShape> = z
  .object({
    name: z.string(),
    title: z.string().optional(),
    type: z.enum(fieldTypes),
    localized: z.boolean(),
    multiple: z.boolean(),
    options: z.array(z.string()).optional(),
    blockTypes: z.array(z.string()).optional(),
    get fields() {
      return z.array(FieldDef).optional();
    },
  })
  .openapi('FieldDef');

const TypeDef = z
  .object({ name: z.string(), title: z.string(), fields: z.array(FieldDef) })
  .openapi('TypeDef');

export const ContentModel = z
  .object({ schemaVersion: z.number().int(), contentTypes: z.array(TypeDef), blockTypes: z.array(TypeDef) })
  .openapi('ContentModel', { description: 'Content and block types with their public fields.' });

export const ServiceOverview = z
  .object({
    service: z.literal('verso'),
    api: z.literal('public'),
    space: z
      .object({
        id: z.uuid(),
        name: z.string(),
        title: z.string(),
        defaultLocale: z.string(),
        locales: z.array(z.string()),
      })
      .nullable(),
    surfaces: z.record(z.string(), z.string()),
  })
  .openapi('ServiceOverview');

export const Health = z.object({ status: z.literal('ok') }).openapi('Health');
const ReplicaState = z
  .object({
    name: z.string().openapi({ description: 'host:port/database' }),
    state: z.enum(['starting', 'ok', 'lagging', 'down', 'not-replica']).openapi({
      description:
        'ok: takes reads; lagging: more than REPLICA_MAX_LAG behind; down: does not answer; not-replica: not in recovery.',
    }),
    replayed: z.string().openapi({ description: 'The last WAL position it was seen to have replayed.' }),
    lagSeconds: z.number(),
    checkedAt: z.string().nullable(),
  })
  .openapi('ReplicaState');

const EdgeState = z
  .object({
    kind: z.string().openapi({ description: 'varnish, fastly or cloudflare' }),
    status: z.enum(['ok', 'failing']),
    pending: z.number().int().openapi({ description: 'Purges waiting to be retried.' }),
    lastError: z.string().optional(),
    lastFailureAt: z.string().optional(),
    lastSuccessAt: z.string().optional(),
  })
  .openapi('EdgeState');

export const Ready = z
  .object({
    status: z.literal('ready'),
    schemaVersion: z.number().int(),
    replicas: z.array(ReplicaState).optional().openapi({
      description:
        'With DATABASE_READ_URLS: each read replica and its state; one left out does not make the process unready.',
    }),
    edge: EdgeState.optional().openapi({ description: 'With an edge cache: how its purges fare.' }),
  })
  .openapi('Ready');

/** One element of a field that holds several values (`multiple`), or of a repeater. */
const FieldItem = z.union([z.string(), z.number(), Link, Asset, Document, User, RepeaterItem]);

/**
 * The value of a field, by its type in `GET /v1/types`: string, text, date and select a string; number; boolean;
 * richText RichText; link Link; image and file an asset id, or Asset when expanded; content a document id, or
 * Document when expanded; user User; blocks Blocks; repeater a list of RepeaterItem; a `multiple` field a list.
 */
export const FieldValue = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    RichText,
    Link,
    Asset,
    Document,
    User,
    Blocks,
    z.array(FieldItem),
  ])
  .openapi('FieldValue', { description: 'The value of a field; its type in `GET /v1/types` tells which.' });

function fieldsOf(description: string) {
  return z.record(z.string(), FieldValue).openapi({ description });
}
