import { z } from 'zod';
import { designsSchema, instanceStyleSchema } from '../../core/designs/index.ts';

const id = z.guid({ message: 'must be a UUID' });
const nullableId = id.nullable().default(null);
const locale = z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'must be a language code');
const host = z
  .string()
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'must be a lowercase host name without port',
  );
const envName = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be [a-z0-9-]+');

export const websiteSettingsSchema = z.strictObject({
  mode: z.enum(['external', 'designed']).default('external'),
  homeContentId: nullableId,
  notFoundContentId: nullableId,
  passwordHash: z
    .string()
    // Parameters in any order: the argon2 package writes `m=…,p=…,t=…`, other tools `m=…,t=…,p=…`.
    .regex(
      /^\$argon2id\$v=\d+\$(?:[mtp]=\d+,){2}[mtp]=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/,
      'must be an Argon2id PHC string',
    )
    .nullable()
    .default(null),
  revision: z.number().int().min(1).default(1),
  indexing: z.boolean().default(true),
  titlePattern: z.string().min(1).default('{title} · {site}'),
  siteName: z.string().default(''),
  description: z.string().default(''),
  faviconId: nullableId,
  shareImageId: nullableId,
  headCode: z.string().default(''),
  bodyCode: z.string().default(''),
  /** The site's own CSS, compiled into the stylesheet's last layer (`@layer custom`). */
  customCss: z.string().default(''),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;

export const websiteSectionSchema = z.strictObject({
  settings: websiteSettingsSchema.default(websiteSettingsSchema.parse({})),
  environments: z
    .array(
      z.strictObject({
        name: envName.refine((n) => n !== 'production', 'production is not a staging environment'),
        notFoundContentId: nullableId,
      }),
    )
    .default([]),
  domains: z
    .array(
      z.strictObject({
        host,
        primary: z.boolean().default(false),
        redirectToPrimary: z.boolean().default(false),
        locale: locale.nullable().default(null),
        environment: envName.default('production'),
      }),
    )
    .default([]),
  designs: designsSchema.default([]),
  formSubmissions: z
    .array(
      z.strictObject({
        id,
        formKey: z.string().min(1),
        nodeId: z.string().min(1),
        locale,
        page: z.string(),
        host: z.string().nullable().optional(),
        values: z.record(z.string(), z.unknown()),
        createdAt: z.iso.datetime({ offset: true }),
      }),
    )
    .default([]),
});
export type WebsiteSection = z.infer<typeof websiteSectionSchema>;

/** A block's `ext.website`: the design variant it chose and its instance style overrides. */
export const blockExtSchema = z.strictObject({
  designId: z.string().min(1).max(64).optional(),
  style: instanceStyleSchema.optional(),
});
