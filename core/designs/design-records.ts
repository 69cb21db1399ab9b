import { z } from 'zod';
import { fieldNameSchema } from './bindings.ts';
import { menuDesignSchema } from './menu-design.ts';
import { treeSchema } from './node-tree.ts';
import { themeSchema } from './theme.ts';
import { assetIdSchema, localizedTextSchema, machineNameSchema } from './values.ts';

/**
 * The design records of a space (`website.designs`): one per kind and key, with the `published`
 * value and an optional `draft` of the same shape (seen only through a share link).
 */

export const DESIGN_KINDS = ['theme', 'site', 'layout', 'page', 'block', 'menu'] as const;
export type DesignKind = (typeof DESIGN_KINDS)[number];

/**
 * Site-wide chrome: the logo (an image asset; absent: the site name as text), whether the header
 * sticks to the top, the menu and menu design the generated default layout shows in its header
 * (absent: the first menu, as a bar), and the footer text (absent: the site name).
 */
export const siteDesignSchema = z.strictObject({
  logoId: assetIdSchema.nullable().optional(),
  logoHeight: z.number().int().min(16).max(200).optional(),
  stickyHeader: z.boolean().optional(),
  headerMenu: machineNameSchema.optional(),
  headerMenuDesign: machineNameSchema.optional(),
  footerText: localizedTextSchema.optional(),
});
export type SiteDesign = z.infer<typeof siteDesignSchema>;

export const layoutDesignSchema = z.strictObject({ root: treeSchema({ slot: 'one' }) });
export type LayoutDesign = z.infer<typeof layoutDesignSchema>;

/** A content type's page: the layout it sits in, its body, and the field used as meta description. */
export const pageDesignSchema = z.strictObject({
  layout: machineNameSchema,
  root: treeSchema({ slot: 'none' }),
  descriptionField: fieldNameSchema.optional(),
});
export type PageDesign = z.infer<typeof pageDesignSchema>;

export const blockVariantSchema = z.strictObject({
  label: localizedTextSchema,
  root: treeSchema({ slot: 'none' }),
});

/** A block type's variants; a block instance picks one, else `default`. */
export const blockDesignSchema = z
  .strictObject({
    default: machineNameSchema,
    variants: z.record(machineNameSchema, blockVariantSchema),
  })
  .superRefine((b, ctx) => {
    if (!Object.hasOwn(b.variants, b.default)) {
      ctx.addIssue({ code: 'custom', path: ['default'], message: `no variant "${b.default}"` });
    }
  });
export type BlockDesign = z.infer<typeof blockDesignSchema>;

function record<K extends DesignKind, Key extends z.ZodType, V extends z.ZodType>(
  kind: K,
  key: Key,
  value: V,
) {
  return z.strictObject({ kind: z.literal(kind), key, published: value, draft: value.nullable().optional() });
}

export const designRecordSchema = z.discriminatedUnion('kind', [
  record('theme', z.literal('default'), themeSchema),
  record('site', z.literal('default'), siteDesignSchema),
  record('layout', machineNameSchema, layoutDesignSchema),
  record('page', machineNameSchema, pageDesignSchema),
  record('block', machineNameSchema, blockDesignSchema),
  record('menu', machineNameSchema, menuDesignSchema),
]);
export type DesignRecord = z.infer<typeof designRecordSchema>;
/** The record of one kind: `DesignRecordOf<'page'>['published']['layout']`. */
export type DesignRecordOf<K extends DesignKind> = Extract<DesignRecord, { kind: K }>;
