import { z } from 'zod';
import { technicalName, typeDefSchema } from './field-defs.ts';
import {
  type MenuItemInput,
  menuItemLabel,
  menuItemTarget,
  menuItemUrl,
  menuMachineName,
  oneMenuLink,
} from './menu-items.ts';
import { isSafeUrl } from './safe-url.ts';

export type { MenuItemInput } from './menu-items.ts';

export const FORMAT = 'verso.space/1';

const id = z.guid({ message: 'must be a UUID' });
const nullableId = id.nullable();
const timestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' });
const locale = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'must be a language code such as en or de-AT');
export const slug = z
  .string()
  .min(1, 'required')
  .regex(
    /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_.~][\p{Ll}\p{Lo}\p{N}]+)*$/u,
    'must be lowercase letters and digits joined by - _ . or ~',
  );
const host = z
  .string()
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'must be a lowercase host name without port',
  );

export const spaceSchema = z
  .strictObject({
    id,
    name: z.string().regex(/^[a-z0-9-]+$/, 'must be [a-z0-9-]+'),
    title: z.string().min(1, 'required'),
    defaultLocale: locale,
    locales: z.array(locale).min(1),
    homeContentId: nullableId.default(null),
    apiHosts: z.array(host).default([]),
    importRunning: z.boolean().default(false),
  })
  .superRefine((s, ctx) => {
    if (new Set(s.locales).size !== s.locales.length)
      ctx.addIssue({ code: 'custom', path: ['locales'], message: 'duplicate locale' });
    if (!s.locales.includes(s.defaultLocale)) {
      ctx.addIssue({ code: 'custom', path: ['defaultLocale'], message: 'must be one of locales' });
    }
  });

const userSchema = z.strictObject({
  id,
  name: z.string().min(1, 'required'),
  avatarId: nullableId.default(null),
});

const unit = z.number().min(0).max(1);
/** An asset's focal point and crop as fractions (0..1) of the image; `assets.update` checks them with these. */
export const focalPointSchema = z.strictObject({ x: unit, y: unit });
export const cropSchema = z.strictObject({ x: unit, y: unit, width: unit, height: unit });
const assetSchema = z
  .strictObject({
    id,
    filename: z
      .string()
      .min(1, 'required')
      .regex(/^[^/\\\p{Cc}]+$/u, 'must be a file name without folders'),
    mimeType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'must be a MIME type'),
    width: z.number().int().positive().nullable().optional(),
    height: z.number().int().positive().nullable().optional(),
    alt: z.string().default(''),
    focalPoint: focalPointSchema.nullable().default(null),
    crop: cropSchema.nullable().default(null),
    data: z.base64({ message: 'must be base64' }).optional(),
    file: z.string().min(1).optional(),
  })
  .refine((a) => (a.data === undefined) !== (a.file === undefined), {
    message: 'needs exactly one of data or file',
  });

const versionSchema = z.strictObject({
  title: z.string().min(1, 'required'),
  slug,
  fields: z.record(z.string(), z.unknown()).default({}),
  publishedAt: timestamp.nullable().optional(),
  updatedAt: timestamp.optional(),
});

const documentSchema = z.strictObject({
  id,
  type: technicalName,
  parentId: nullableId.default(null),
  position: z.number().int().min(0).default(0),
  createdAt: timestamp,
  tags: z.array(z.strictObject({ name: z.string().min(1, 'required'), slug })).default([]),
  locales: z.record(
    z.string(),
    z.strictObject({
      published: versionSchema.nullable().default(null),
      draft: versionSchema.nullable().default(null),
    }),
  ),
});

const menuItemSchema: z.ZodType<MenuItemInput> = z.lazy(() =>
  z
    .strictObject({
      id,
      label: menuItemLabel,
      url: menuItemUrl.nullable().default(null),
      target: menuItemTarget.default('_self'),
      contentId: nullableId.default(null),
      children: z.array(menuItemSchema).default([]),
    })
    .refine(oneMenuLink.test, { message: oneMenuLink.message }),
);

const menuSchema = z.strictObject({
  id,
  name: z.string().min(1, 'required'),
  machineName: menuMachineName,
  items: z.array(menuItemSchema).default([]),
});

const redirectSchema = z
  .strictObject({
    locale,
    fromPath: z.string().regex(/^\/\S*$/, 'must be a path starting with /'),
    toPath: z
      .string()
      .min(1)
      .refine(isSafeUrl, 'must be a path or an http(s) address')
      .nullable()
      .default(null),
    status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(301),
    contentId: nullableId.default(null),
  })
  .refine((r) => (r.toPath === null) !== (r.contentId === null), {
    message: 'needs exactly one of toPath or contentId',
  });

/** The core part of a space file; plugin sections (e.g. `website`) are checked by their plugin. */
export const coreFileSchema = z.object({
  format: z.literal(FORMAT),
  space: spaceSchema,
  contentTypes: z.array(typeDefSchema).default([]),
  blockTypes: z.array(typeDefSchema).default([]),
  users: z.array(userSchema).default([]),
  assets: z.array(assetSchema).default([]),
  documents: z.array(documentSchema).default([]),
  menus: z.array(menuSchema).default([]),
  redirects: z.array(redirectSchema).default([]),
  controls: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])).default({}),
});

export type CoreFile = z.infer<typeof coreFileSchema>;
export type SpaceInput = CoreFile['space'];
export type DocumentInput = CoreFile['documents'][number];
export type VersionInput = NonNullable<DocumentInput['locales'][string]['published']>;
export type AssetInput = CoreFile['assets'][number];
export type MenuInput = CoreFile['menus'][number];
export type RedirectInput = CoreFile['redirects'][number];
